import type { ContextModalProps, MantineModal, MantineModals, modals } from '@mantine/modals';
import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState, useSyncExternalStore, type FC, type ReactNode } from 'react';
import { dismissConfirmations, pendingConfirmations, subscribeConfirmations } from './confirm';

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

export type PopupComponents = ReturnType<typeof definePopups>['components'];

/** What the loaded dialogs (PopupsHost.tsx) do with popups. */
export interface PopupsHostApi {
  open: (payload: Parameters<typeof modals.openContextModal>[0]) => void;
  close: (name: string) => void;
  closeAll: () => void;
}

const settingsByName = new Map<string, PopupSettings>();
const openNames = new Set<string>();

let host: PopupsHostApi | null = null;
/** What was asked of the popups before their code had loaded, in order. */
let queued: ((api: PopupsHostApi) => void)[] = [];
let hostWanted = false;
const hostListeners = new Set<() => void>();

function withHost(action: (api: PopupsHostApi) => void): void {
  if (host) return action(host);
  queued.push(action);
  if (hostWanted) return;
  hostWanted = true;
  hostListeners.forEach((listener) => listener());
}

function subscribeHostWanted(listener: () => void): () => void {
  hostListeners.add(listener);
  const unsubscribe = subscribeConfirmations(listener);
  return () => {
    hostListeners.delete(listener);
    unsubscribe();
  };
}

/** Called by the loaded dialogs once they listen; returns the detach for their unmount. */
export function attachPopupsHost(api: PopupsHostApi): () => void {
  host = api;
  const waiting = queued;
  queued = [];
  waiting.forEach((action) => action(api));
  return () => {
    if (host === api) host = null;
  };
}

const PopupsHost = lazy(() => import('./PopupsHost').then((module) => ({ default: module.PopupsHost })));

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
  const wanted = useSyncExternalStore(
    subscribeHostWanted,
    () => hostWanted || pendingConfirmations().length > 0,
  );
  const [loaded, setLoaded] = useState(false);
  if (wanted && !loaded) setLoaded(true);
  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <PopupsHost components={popups.components} />
        </Suspense>
      )}
      {children}
    </>
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
  withHost((api) =>
    api.open({
      ...settingsByName.get(name),
      ...overrides,
      modal: name,
      modalId: name,
      innerProps: (innerProps ?? {}) as InnerProps<N>,
      onClose: () => {
        openNames.delete(name);
        onClose?.();
      },
    }),
  );
}

export function closePopup(name: PopupName): void {
  openNames.delete(name);
  if (host) host.close(name);
  else queued.push((api) => api.close(name));
}

/** Closes every popup and dialog (on logout). */
export function closeAllPopups(): void {
  dismissConfirmations();
  if (host) host.closeAll();
  else queued = [];
  openNames.clear();
}
