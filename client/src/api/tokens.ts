/**
 * Where the access token lives: in this tab's memory only, so no storage holds anything a script could
 * carry away for later. The refresh token is an HttpOnly cookie the page never sees; a reload or a new
 * tab gets an access token by refreshing.
 *
 * Since the page cannot see that cookie, it keeps a mark (`SESSION_MARK`) while a session may exist.
 */
import { SESSION_MARK } from './early-refresh';

export { maySessionExist } from './early-refresh';

export interface Tokens {
  access: string;
}

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();
let access: string | null = null;

function mark(present: boolean): void {
  try {
    if (present) localStorage.setItem(SESSION_MARK, '1');
    else localStorage.removeItem(SESSION_MARK);
  } catch {
    // Storage unavailable (private mode): a refresh is tried on every start, as if the mark were there.
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
