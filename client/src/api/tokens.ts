/**
 * Where the access token lives: in this tab's memory only, so no storage holds anything a script could
 * carry away for later. The refresh token is an HttpOnly cookie the page never sees; a reload or a new
 * tab gets an access token by refreshing.
 *
 * Since the page cannot see that cookie, it keeps a mark in localStorage from the moment a token is
 * issued until the tokens are removed: a visitor who never signed in (or signed out) sends no refresh
 * that could only be refused. The mark is no credential; the session is still proven by the cookie.
 */

export interface Tokens {
  access: string;
}

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();
let access: string | null = null;

const SESSION_MARK = 'homeward.session';

function mark(present: boolean): void {
  try {
    if (present) localStorage.setItem(SESSION_MARK, '1');
    else localStorage.removeItem(SESSION_MARK);
  } catch {
    // Storage unavailable (private mode): a refresh is tried on every start, as if the mark were there.
  }
}

/** Whether this browser may hold a session cookie: false once it never signed in or signed out. */
export function maySessionExist(): boolean {
  try {
    return localStorage.getItem(SESSION_MARK) !== null;
  } catch {
    return true;
  }
}

export function getAccessToken(): string | null {
  return access;
}

export function setTokens(tokens: Tokens): void {
  const changed = access !== tokens.access;
  access = tokens.access;
  mark(true);
  if (changed) listeners.forEach((listener) => listener(tokens));
}

export function clearTokens(): void {
  const had = access !== null;
  access = null;
  mark(false);
  if (had) listeners.forEach((listener) => listener(null));
}

/** Called with the new token whenever it changes, and with null when it is removed. */
export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
