import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show: at the top right, below the header, so none covers the user menu or the phone menu
 * (the welcome toast shows just as one may reach for them). A module of its own so that it loads with the
 * first toast (see AppProviders).
 */
export function ToastContainer() {
  return <Notifications position="top-right" limit={5} zIndex={1000} classNames={{ root: 'hw-toasts' }} />;
}
