import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import type { UserRole } from '@machines/session.machine';
import {
  useCurrentUser,
  useMustChangePassword,
  useMustEnrolSecondFactor,
  useSessionUnreachable,
  useSessionStatus,
} from '../features/auth/session';
import { UNREACHABLE_TEXT } from '../api/errors';
import { FullPageLoader } from '../ui/FullPageLoader';
import { ROUTES, roleHome, safeRedirect } from './routes';

export interface PrivateRouteProps {
  /** Roles allowed in; 'all' for every signed-in role. */
  roles: readonly UserRole[] | 'all';
  /** Send the original path to login as ?redirect= (the customer form route). */
  redirectBack?: boolean;
}

/**
 * The access guard of private routes:
 * - no session: to login (with ?redirect= for the customer form route);
 * - require_change_password: to the password-change route;
 * - staff without a second factor the brokerage requires: to its enrolment;
 * - a role the route does not permit: to the role's home route.
 * A session still being restored (token refresh, loading the user) shows a loader first.
 */
export function PrivateRoute({ roles, redirectBack = false }: PrivateRouteProps) {
  const status = useSessionStatus();
  const user = useCurrentUser();
  const mustChangePassword = useMustChangePassword();
  const mustEnrolSecondFactor = useMustEnrolSecondFactor();
  const unreachable = useSessionUnreachable();
  const location = useLocation();
  // A session just restored opens the whole page: that render runs in the background, yielding to the
  // browser, while the loader stays up. Every other change of the session applies at once.
  const opened = useDeferredValue(status === 'signedIn');

  if (status === 'restoring' || status === 'signingIn' || (status === 'signedIn' && !opened))
    return <FullPageLoader label={unreachable ? UNREACHABLE_TEXT : undefined} />;

  if (status === 'signedOut' || !user) {
    const target = redirectBack
      ? `${ROUTES.RouteAuthLogin}?${new URLSearchParams({ redirect: location.pathname + location.search })}`
      : ROUTES.RouteAuthLogin;
    return <Navigate to={target} replace />;
  }

  if (mustChangePassword && location.pathname !== ROUTES.RouteAuthCustomerPasswordChange) {
    // A page asked for (the upload link a new customer was texted) opens once the password is chosen.
    const asked = location.pathname + location.search;
    const back = asked === roleHome(user.role) ? '' : `?${new URLSearchParams({ redirect: asked })}`;
    return <Navigate to={`${ROUTES.RouteAuthCustomerPasswordChange}${back}`} replace />;
  }

  if (mustEnrolSecondFactor && location.pathname !== ROUTES.RouteSecondFactorSetup) {
    return <Navigate to={ROUTES.RouteSecondFactorSetup} replace />;
  }

  if (roles !== 'all' && !roles.some((role) => role === user.role)) {
    return <Navigate to={roleHome(user.role)} replace />;
  }

  return <Outlet />;
}

/** Login and password reset: a signed-in user goes to ?redirect= or the role's home route. */
export function GuestOnlyRoute() {
  const status = useSessionStatus();
  const user = useCurrentUser();
  const [search] = useSearchParams();

  if (status === 'restoring') return <FullPageLoader />;
  if (status === 'signedIn' && user) {
    return <Navigate to={safeRedirect(search.get('redirect')) ?? roleHome(user.role)} replace />;
  }
  return <Outlet />;
}
