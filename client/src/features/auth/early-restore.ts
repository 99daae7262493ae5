import type { CurrentUserView } from '@machines/user.view';
import { refreshTokens } from '../../api/http';
import { getAccessToken, maySessionExist } from '../../api/tokens';
import { loadCurrentUser } from './api';

let restoring: Promise<CurrentUserView> | null = null;

/**
 * Picks up the session of a reload or a new tab before the first render: the token refresh and the
 * user's reload then travel while the page's code is still loading, instead of after it.
 */
export function startRestoringSession(): void {
  if (getAccessToken() || !maySessionExist()) return;
  const user = refreshTokens().then(() => loadCurrentUser());
  restoring = user;
  // A failed restore is the session machine's to report; a later sign-in loads its user afresh.
  user.catch(() => {
    if (restoring === user) restoring = null;
  });
}

/** The user that `startRestoringSession` is loading, once: later loads ask the server again. */
export function takeRestoringUser(): Promise<CurrentUserView> | null {
  const user = restoring;
  restoring = null;
  return user;
}
