import {
  ModalsProvider,
  modals,
  type ContextModalProps,
  type MantineModal,
  type MantineModals,
} from '@mantine/modals';
import type { ModalProps } from '@mantine/core';
import type { FC, ReactNode } from 'react';

/**
 * Popups open and close by name. The application declares them once (app/popups.tsx) with
 * `definePopups`, renders <PopupsProvider popups={...}>, and anywhere else calls
 * `openPopup('PopupUserPasswordChange')` or `closePopup('PopupUserPasswordChange')`.
 * A popup is a Mantine context modal whose id is its name, so opening an open popup does nothing.
 */

export type PopupComponent<P extends Record<string, unknown> = Record<string, never>> = FC<
  ContextModalProps<P>
>;

export type PopupSettings = Partial<Omit<ModalProps, 'opened' | 'onClose' | 'children'>>;

export interface PopupDefinition {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: PopupComponent<any>;
  settings?: PopupSettings;
}

export function definePopups<T extends Record<string, PopupDefinition>>(definitions: T) {
  const components = Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => [name, definition.component]),
  ) as { [K in keyof T]: T[K]['component'] };
  return { definitions, components };
}

const settingsByName = new Map<string, PopupSettings>();
const openNames = new Set<string>();

export function PopupsProvider({
  popups,
  children,
}: {
  popups: ReturnType<typeof definePopups>;
  children: ReactNode;
}) {
  for (const [name, definition] of Object.entries(popups.definitions)) {
    settingsByName.set(name, definition.settings ?? {});
  }
  return (
    <ModalsProvider
      modals={popups.components}
      labels={{ confirm: 'Yes', cancel: 'Cancel' }}
      modalProps={{
        centered: true,
        radius: 'lg',
        padding: 'lg',
        styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
      }}
    >
      {children}
    </ModalsProvider>
  );
}

export type PopupName = MantineModal;

type InnerProps<N extends PopupName> = Parameters<MantineModals[N]>[0]['innerProps'];

/**
 * Opens a popup by name. `settings` override the declared ones for this opening (a title naming the
 * client, full screen on phones).
 */
export function openPopup<N extends PopupName>(
  name: N,
  innerProps?: InnerProps<N>,
  settings?: PopupSettings & { onClose?: () => void },
): void {
  if (openNames.has(name)) return;
  openNames.add(name);
  const { onClose, ...overrides } = settings ?? {};
  modals.openContextModal({
    ...settingsByName.get(name),
    ...overrides,
    modal: name,
    modalId: name,
    innerProps: (innerProps ?? {}) as InnerProps<N>,
    onClose: () => {
      openNames.delete(name);
      onClose?.();
    },
  });
}

export function closePopup(name: PopupName): void {
  modals.close(name);
  openNames.delete(name);
}

/** Closes every popup and dialog (on logout). */
export function closeAllPopups(): void {
  modals.closeAll();
  openNames.clear();
}
