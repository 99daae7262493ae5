import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorText } from '../api/errors';

/** Toast durations: short successes and lighter errors, and most others. */
export const TOAST_SHORT = 3000;
export const TOAST_LONG = 8000;

type Kind = 'success' | 'error' | 'warning' | 'info';

const KINDS: Record<Kind, { color: string; icon: React.ReactNode; title?: string }> = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  info: { color: 'petrol', icon: <IconInfoCircle size={18} /> },
};

/** Error toasts still on screen: a success clears them, so no stale error sits beside it. */
const shownErrors = new Set<string>();
/** Text toasts on screen by kind and text: the same one again takes the place of the first, not a second. */
const shownTexts = new Map<string, string>();

function show(kind: Kind, message: ReactNode, duration: number, title?: string): string {
  const { color, icon } = KINDS[kind];
  if (kind === 'success') {
    shownErrors.forEach((id) => notifications.hide(id));
    shownErrors.clear();
  }
  const text = typeof message === 'string' && !title ? `${kind}:${message}` : null;
  const same = text ? shownTexts.get(text) : undefined;
  if (same) notifications.hide(same);
  const id = notifications.show({
    title,
    message,
    color,
    icon,
    autoClose: duration,
    withBorder: true,
    onClose: () => {
      shownErrors.delete(id);
      if (text && shownTexts.get(text) === id) shownTexts.delete(text);
    },
  });
  if (kind === 'error') shownErrors.add(id);
  if (text) shownTexts.set(text, id);
  return id;
}

export const toast = {
  success: (message: string, duration: number = TOAST_SHORT) => show('success', message, duration),
  error: (message: string, duration: number = TOAST_LONG) => show('error', message, duration),
  warning: (message: string, duration: number = TOAST_LONG) => show('warning', message, duration),
  info: (message: string, duration: number = TOAST_SHORT) => show('info', message, duration),
  /** 3000 ms. */
  short: (message: string, kind: Kind = 'success') => show(kind, message, TOAST_SHORT),
  /** 8000 ms. */
  long: (message: string, kind: Kind = 'success') => show(kind, message, TOAST_LONG),
};

/** An error toast from a failed call: the server's descriptions, one per line, or the fallback text. */
export function toastError(error: unknown, fallback?: string, duration: number = TOAST_LONG): string {
  return show('error', errorText(error, fallback), duration);
}

/** A toast that says what happened and offers a way there: 'Moved to Approved' and 'Show Approved clients'. */
export function toastWithAction(
  title: string,
  message: string,
  action: { label: string; onClick: () => void },
  duration: number = TOAST_LONG,
): string {
  const id: string = show(
    'info',
    <>
      {message}{' '}
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        onClick={() => {
          notifications.hide(id);
          action.onClick();
        }}
      >
        {action.label}
      </Anchor>
    </>,
    duration,
    title,
  );
  return id;
}
