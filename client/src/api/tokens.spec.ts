import { beforeEach, describe, expect, it } from '@jest/globals';

const stored = new Map<string, string>();
let storageWorks = true;
function storage<T>(access: () => T): T {
  if (!storageWorks) throw new DOMException('The operation is insecure.', 'SecurityError');
  return access();
}
(globalThis as unknown as { localStorage: Partial<Storage> }).localStorage = {
  getItem: (key) => storage(() => stored.get(key) ?? null),
  setItem: (key, value) => storage(() => void stored.set(key, value)),
  removeItem: (key) => storage(() => void stored.delete(key)),
};

const { clearTokens, getAccessToken, maySessionExist, setTokens } = await import('./tokens');

beforeEach(() => {
  storageWorks = true;
  clearTokens();
});

describe('the mark that this browser may hold a session', () => {
  it('is absent for a visitor who never signed in, so no refresh is tried for them', () => {
    expect(maySessionExist()).toBe(false);
  });

  it('is set when a token is issued and removed with the tokens at sign-out or expiry', () => {
    setTokens({ access: 'access-1' });
    expect(maySessionExist()).toBe(true);
    clearTokens();
    expect(maySessionExist()).toBe(false);
  });

  it('holds nothing a script could use: the token itself stays in memory only', () => {
    setTokens({ access: 'access-1' });
    expect(getAccessToken()).toBe('access-1');
    expect([...stored.values()].join(' ')).not.toContain('access-1');
  });

  it('is assumed when storage cannot be read, so a session is never dropped for want of it', () => {
    storageWorks = false;
    expect(() => setTokens({ access: 'access-2' })).not.toThrow();
    expect(maySessionExist()).toBe(true);
  });
});
