/**
 * Where the access token lives: in this tab's memory only, so no storage holds anything a script could
 * carry away for later. The refresh token is an HttpOnly cookie the page never sees; a reload or a new
 * tab gets an access token by refreshing.
 */

export interface Tokens {
  access: string;
}

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();
let access: string | null = null;

export function getAccessToken(): string | null {
  return access;
}

export function setTokens(tokens: Tokens): void {
  const changed = access !== tokens.access;
  access = tokens.access;
  if (changed) listeners.forEach((listener) => listener(tokens));
}

export function clearTokens(): void {
  const had = access !== null;
  access = null;
  if (had) listeners.forEach((listener) => listener(null));
}

/** Called with the new token whenever it changes, and with null when it is removed. */
export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
