import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

export interface PendingConfirmation extends ConfirmOptions {
  settle: (answer: boolean) => void;
}

/**
 * Confirmations are shown by <ConfirmHost /> (PopupsHost.tsx) above whatever is open, popups included:
 * the popup that asked stays mounted under the dialog, so what it does after the answer still reaches
 * it. They are kept here so that asking does not wait for the dialog's code, which loads on first use.
 */
let pending: PendingConfirmation[] = [];
/** The last dialog shown keeps its text while it fades out. */
let lastShown: ConfirmOptions = { title: null };
const listeners = new Set<() => void>();

function update(next: PendingConfirmation[]): void {
  pending = next;
  listeners.forEach((listener) => listener());
}

export function subscribeConfirmations(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingConfirmations(): PendingConfirmation[] {
  return pending;
}

export function lastConfirmationShown(): ConfirmOptions {
  return lastShown;
}

export function answerConfirmation(confirmation: PendingConfirmation, value: boolean): void {
  lastShown = confirmation;
  update(pending.filter((other) => other !== confirmation));
  confirmation.settle(value);
}

/** Asks for confirmation; resolves true on confirm, false on cancel or when the dialog is dismissed. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    lastShown = options;
    update([...pending, { ...options, settle }]);
  });
}

/** Closing or leaving with unsaved changes asks first; resolves true to leave them. */
export function confirmLeaveUnsaved(message: string): Promise<boolean> {
  return confirm({ title: 'Leave without saving?', message, confirmLabel: 'Leave', danger: true });
}

/** Dismisses every open confirmation, each answering false (on logout). */
export function dismissConfirmations(): void {
  const open = pending;
  update([]);
  open.forEach((confirmation) => confirmation.settle(false));
}
