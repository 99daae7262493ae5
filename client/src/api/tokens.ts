/**
 * Where the tokens live. The refresh token is kept in localStorage, so a new tab can sign in again by
 * refreshing; the access token is kept in sessionStorage, per tab.
 */

export interface Tokens {
  access: string;
  refresh: string;
}

const ACCESS_KEY = 'homeward.access';
const REFRESH_KEY = 'homeward.refresh';

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(sessionStorage, ACCESS_KEY);
}

export function getRefreshToken(): string | null {
  return read(localStorage, REFRESH_KEY);
}

export function setTokens(tokens: Tokens): void {
  const changed = getAccessToken() !== tokens.access || getRefreshToken() !== tokens.refresh;
  sessionStorage.setItem(ACCESS_KEY, tokens.access);
  localStorage.setItem(REFRESH_KEY, tokens.refresh);
  if (changed) listeners.forEach((listener) => listener(tokens));
}

export function clearTokens(): void {
  const had = getAccessToken() !== null || getRefreshToken() !== null;
  sessionStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(REFRESH_KEY);
  if (had) listeners.forEach((listener) => listener(null));
}

/** Called with the new pair whenever the tokens change, and with null when they are removed. */
export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
