import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
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

function show(kind: Kind, message: string, duration: number): string {
  const { color, icon } = KINDS[kind];
  return notifications.show({ message, color, icon, autoClose: duration, withBorder: true });
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
