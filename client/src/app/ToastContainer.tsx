import { Notifications } from '@mantine/notifications';

/** Where toasts show: a module of its own so that it loads with the first toast (see AppProviders). */
export function ToastContainer() {
  return <Notifications position="top-right" limit={5} zIndex={1000} />;
}
