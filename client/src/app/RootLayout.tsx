import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PopupsProvider } from '../ui/popups';
import { popups } from './popups';
import { SessionEffects } from './SessionEffects';

/** The root route: popups, session reports and live updates for every page. */
export function RootLayout() {
  return (
    <PopupsProvider popups={popups}>
      <SessionEffects />
      <ScrollRestoration />
      <Outlet />
    </PopupsProvider>
  );
}
