import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fullName, useSessionActor, useSessionState } from '../features/auth/session';
import { closeAllPopups } from '../ui/popups';
import { toast, toastError } from '../ui/toast';
import { ROUTES } from './routes';

/** Toasts and navigation for what the session reports. */
function useSessionReports(onPrivatePage: boolean) {
  const session = useSessionActor();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!session) return;
    const subscriptions = [
      session.on('signedIn', ({ user, origin }) => {
        if (origin === 'signIn') toast.success(`${fullName(user)} welcome to Homeward!`);
      }),
      session.on('signInFailed', ({ error }) => toastError(error)),
      session.on('accessDenied', () => toast.error('Access denied!')),
      session.on('passwordChanged', () => toast.success('Your password has been successfully changed')),
      session.on('passwordChangeFailed', ({ error }) => toastError(error)),
      session.on('signedOut', ({ reason }) => {
        closeAllPopups();
        // Private pages are sent to login by their guard (keeping ?redirect= where it applies).
        if (reason !== 'failed' && !onPrivatePage && !pathname.startsWith(ROUTES.RouteAuth)) {
          navigate(ROUTES.RouteAuthLogin, { replace: true });
        }
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, navigate, onPrivatePage, pathname]);
}

const LiveUpdates = lazy(() => import('./LiveUpdates').then((module) => ({ default: module.LiveUpdates })));

/** `onPrivatePage`: the page shown is behind a private route's guard. */
export function SessionEffects({ onPrivatePage }: { onPrivatePage: boolean }) {
  useSessionReports(onPrivatePage);
  const signedIn = useSessionState((snapshot) => snapshot.matches('signedIn'), false);
  return signedIn ? (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
  ) : null;
}
