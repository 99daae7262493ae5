/**
 * The session's refresh, sent as soon as the page starts: this module is a script of its own in the page,
 * so the refresh travels while the application's scripts are still downloading instead of after them. The
 * HTTP client takes its answer as the first refresh it would have sent (`takeEarlyRefresh`), so the
 * single-use refresh cookie is still spent once. It imports nothing, so it is tiny and runs at once.
 */

/** The refresh token travels in its HttpOnly cookie, which the browser sends to this address only. */
export const REFRESH_URL = '/auth/api/v3/auth/token/refresh/';

/** Held by a tab while it spends the refresh cookie, so two tabs never send the same one. */
export const REFRESH_LOCK = 'homeward.token-refresh';

/**
 * Since the page cannot see the cookie, it keeps this mark in localStorage from the moment a token is
 * issued until the tokens are removed: a visitor who never signed in (or signed out) sends no refresh
 * that could only be refused. The mark is no credential; the session is still proven by the cookie.
 */
export const SESSION_MARK = 'homeward.session';

/** Whether this browser may hold a session cookie: false once it never signed in or signed out. */
export function maySessionExist(): boolean {
  try {
    return localStorage.getItem(SESSION_MARK) !== null;
  } catch {
    // Storage unavailable (private mode): a refresh is tried on every start, as if the mark were there.
    return true;
  }
}

/** Runs `spend` under the tabs' refresh lock, where the browser has one. */
export function underRefreshLock<T>(spend: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request(REFRESH_LOCK, spend)
    : spend();
}

/** The refresh exchange itself; the lock is held until its answer, with the new cookie, has arrived. */
export function postRefresh(): Promise<Response> {
  return underRefreshLock(() =>
    fetch(REFRESH_URL, { method: 'POST', headers: { Accept: 'application/json' } }),
  );
}

let early: Promise<Response> | null =
  typeof window !== 'undefined' && maySessionExist() ? postRefresh() : null;
// Until taken, a network failure is the taker's to handle, not an unhandled rejection.
early?.catch(() => undefined);

/** The refresh sent at start, once: null when none was sent or it was already taken. */
export function takeEarlyRefresh(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}
