import { describe, expect, it } from '@jest/globals';

/**
 * A reload of a signed-in page: the mark says a session may exist, so the refresh leaves as the page
 * starts, before the application's scripts have arrived.
 */
const stored = new Map<string, string>([['homeward.session', '1']]);
const globals = globalThis as unknown as Record<string, unknown>;
globals.window = globalThis;
globals.localStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
};
const calls: { url: string; method: string }[] = [];
let answer = (): Response => new Response(JSON.stringify({ data: { access: 'access-2' } }), { status: 200 });
globals.fetch = async (url: string, init: RequestInit = {}) => {
  calls.push({ url, method: init.method ?? 'GET' });
  return answer();
};

const { takeEarlyRefresh } = await import('./early-refresh');
const sentAtStart = [...calls];
const { refreshTokens } = await import('./http');
const { getAccessToken } = await import('./tokens');

describe('the early refresh', () => {
  it('is sent as the page starts when this browser may hold a session', () => {
    expect(sentAtStart).toEqual([{ url: '/auth/api/v3/auth/token/refresh/', method: 'POST' }]);
  });

  it("is the HTTP client's first refresh, so the single-use cookie is spent once", async () => {
    await expect(refreshTokens()).resolves.toEqual({ access: 'access-2' });
    expect(getAccessToken()).toBe('access-2');
    expect(calls).toHaveLength(1);
    expect(takeEarlyRefresh()).toBeNull();
  });

  it('is taken once: a later refresh is sent anew', async () => {
    answer = () => new Response(JSON.stringify({ data: { access: 'access-3' } }), { status: 200 });
    await expect(refreshTokens()).resolves.toEqual({ access: 'access-3' });
    expect(calls).toHaveLength(2);
  });
});
