import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

/** In-memory Web Storage for the node test environment. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Responder = (
  call: Call,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

let calls: Call[] = [];
let responder: Responder = () => ({ status: 200, body: { data: null } });

const globals = globalThis as unknown as Record<string, unknown>;
globals.localStorage = new MemoryStorage();
globals.sessionStorage = new MemoryStorage();
globals.fetch = async (input: string, init: RequestInit = {}) => {
  const call: Call = {
    url: input,
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
  };
  calls.push(call);
  const { status, body } = await responder(call);
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
};

const { api, onSecondFactorSetupRequired, onSessionExpired, refreshTokens, request } = await import('./http');
const sentAtStart = [...calls];
const { ApiError, errorText } = await import('./errors');
const { clearTokens, getAccessToken, setTokens } = await import('./tokens');

const REFRESH = '/auth/api/v3/auth/token/refresh/';
const tokenError = {
  status: 403,
  body: { errors: [{ code: 'token_not_valid', description: 'Token is invalid' }] },
};

/**
 * The server: `valid` is the access token it accepts; a refresh (the browser sends the cookie, the page
 * sends nothing) answers access-(N+1) for the N-th session cookie.
 */
function server(state: {
  valid: string;
  cookie?: number;
  refreshDelay?: number;
  refreshFails?: boolean;
}): Responder {
  return async (call) => {
    if (call.url === REFRESH) {
      if (state.refreshDelay) await new Promise((resolve) => setTimeout(resolve, state.refreshDelay));
      if (state.refreshFails) return tokenError;
      state.cookie = (state.cookie ?? 1) + 1;
      state.valid = `access-${state.cookie}`;
      return { status: 200, body: { data: { access: state.valid } } };
    }
    if (call.headers.get('Authorization') !== `Bearer ${state.valid}`) return tokenError;
    return { status: 200, body: { data: { url: call.url }, pagination: { count: 7 } } };
  };
}

beforeEach(() => {
  calls = [];
  clearTokens();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  responder = () => ({ status: 200, body: { data: null } });
});

describe('HTTP client', () => {
  it('sends no refresh as the page starts in a browser that never signed in', () => {
    expect(sentAtStart).toEqual([]);
  });

  it('sends the bearer token and unwraps data', async () => {
    setTokens({ access: 'access-1' });
    responder = server({ valid: 'access-1' });
    const data = await api.core.get<{ url: string }>('/users/me/', { search: 'x y', empty: undefined });
    expect(data.url).toBe('/core/api/v3/users/me/?search=x+y');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('reads the pagination count of lists', async () => {
    setTokens({ access: 'access-1' });
    responder = () => ({ status: 200, body: { data: [1, 2], pagination: { count: 12 } } });
    await expect(api.core.list<number>('/customers/')).resolves.toEqual({ data: [1, 2], count: 12 });
  });

  it('on a token error refreshes once (the cookie, no body), keeps the new token in memory and retries', async () => {
    setTokens({ access: 'stale' });
    responder = server({ valid: 'access-1' });
    await api.events.get('/events/');
    expect(calls.map((c) => c.url)).toEqual(['/events/api/v3/events/', REFRESH, '/events/api/v3/events/']);
    expect(calls[1].body).toBeUndefined();
    expect(calls[1].headers.get('Authorization')).toBeNull();
    expect(calls[2].headers.get('Authorization')).toBe('Bearer access-2');
    expect(getAccessToken()).toBe('access-2');
    // Nothing a script could read later: no storage holds a token (the mark that a session may exist is none).
    const stored = [localStorage, sessionStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index) ?? '') ?? ''),
    );
    expect(stored.filter((value) => value.includes('access'))).toEqual([]);
  });

  it('names each command by an idempotency key it keeps when it sends it again after a renewal', async () => {
    setTokens({ access: 'stale' });
    responder = server({ valid: 'access-1' });
    await api.core.post('/customers/c1/notes/', { text: 'Called' });
    await api.core.post('/customers/c1/notes/', { text: 'Called' });
    const commands = calls.filter((c) => c.method === 'POST' && c.url !== REFRESH);
    expect(commands).toHaveLength(3);
    const keys = commands.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // The first command was refused for its token and sent again: one key. The second command is another.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends a command that got no answer again once, under the same key', async () => {
    setTokens({ access: 'access-1' });
    const answering = server({ valid: 'access-1' });
    let dropped = 0;
    responder = (call) => {
      if (call.method === 'POST' && dropped++ === 0) throw new TypeError('Failed to fetch');
      return answering(call);
    };
    await api.core.post('/customers/c1/notes/', { text: 'Called' });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers.get('Idempotency-Key')).toBe(calls[0].headers.get('Idempotency-Key'));
  });

  it('tells a command that got no answer twice as out of reach', async () => {
    setTokens({ access: 'access-1' });
    responder = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(api.core.post('/customers/c1/notes/', { text: 'Called' })).rejects.toMatchObject({
      status: 0,
    });
    expect(calls).toHaveLength(2);
  });

  it('sends no idempotency key with a read', async () => {
    setTokens({ access: 'access-1' });
    responder = server({ valid: 'access-1' });
    await api.core.get('/users/me/');
    expect(calls[0].headers.get('Idempotency-Key')).toBeNull();
  });

  it('shares one refresh between concurrent requests', async () => {
    setTokens({ access: 'stale' });
    responder = server({ valid: 'access-1', refreshDelay: 20 });
    await Promise.all([api.core.get('/a/'), api.core.get('/b/'), api.core.get('/c/')]);
    expect(calls.filter((c) => c.url === REFRESH)).toHaveLength(1);
    expect(calls.filter((c) => c.headers.get('Authorization') === 'Bearer access-2')).toHaveLength(3);
  });

  it('refreshes first when there is no access token yet (a reload or a new tab)', async () => {
    responder = server({ valid: 'none', cookie: 4 });
    await api.core.get('/users/me/');
    expect(calls.map((c) => c.url)).toEqual([REFRESH, '/core/api/v3/users/me/']);
    expect(calls[1].headers.get('Authorization')).toBe('Bearer access-5');
  });

  it('removes the tokens and expires the session when the refresh fails', async () => {
    setTokens({ access: 'stale' });
    responder = server({ valid: 'access-1', refreshFails: true });
    let expired = 0;
    const stop = onSessionExpired(() => (expired += 1));
    await expect(api.core.get('/users/me/')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(expired).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(calls.filter((c) => c.url === '/core/api/v3/users/me/')).toHaveLength(1);
  });

  it('a failing refresh call itself removes the token', async () => {
    setTokens({ access: 'a' });
    responder = server({ valid: 'a', refreshFails: true });
    await expect(refreshTokens()).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
  });

  it('keeps the token when the refresh gets no answer (the network), for a later try', async () => {
    setTokens({ access: 'a' });
    responder = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(refreshTokens()).rejects.toMatchObject({ status: 0 });
    expect(getAccessToken()).toBe('a');
  });

  it('keeps the token and the session when the server fails the refresh itself (a 502 while it restarts)', async () => {
    setTokens({ access: 'stale' });
    responder = (call) => (call.url === REFRESH ? { status: 502, body: 'Bad gateway' } : tokenError);
    let expired = 0;
    const stop = onSessionExpired(() => (expired += 1));
    await expect(api.core.get('/users/me/')).rejects.toMatchObject({ status: 502 });
    stop();
    expect(expired).toBe(0);
    expect(getAccessToken()).toBe('stale');
  });

  it('does not treat a wrong password as an expired session', async () => {
    responder = () => ({
      status: 401,
      body: { errors: [{ code: 'invalid_credentials', description: 'Wrong phone number or password' }] },
    });
    let expired = 0;
    const stop = onSessionExpired(() => (expired += 1));
    const failure = await request('auth', '/auth/token/obtain/', {
      method: 'POST',
      body: {},
      auth: false,
    }).catch((e: unknown) => e);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as InstanceType<typeof ApiError>).code).toBe('invalid_credentials');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(expired).toBe(0);
  });

  it('leaves other 403 answers alone', async () => {
    setTokens({ access: 'access-1' });
    responder = () => ({
      status: 403,
      body: { errors: [{ code: 'forbidden', description: 'Not allowed' }] },
    });
    await expect(api.core.get('/x/')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(calls).toHaveLength(1);
    expect(getAccessToken()).toBe('access-1');
  });

  it('tells when a request was refused until two-factor sign-in is set up, keeping the session', async () => {
    setTokens({ access: 'access-1' });
    let told = 0;
    const stop = onSecondFactorSetupRequired(() => {
      told += 1;
    });
    responder = () => ({
      status: 403,
      body: { errors: [{ code: 'second_factor_setup_required', description: 'Set it up first' }] },
    });
    await expect(api.core.get('/x/')).rejects.toMatchObject({ status: 403 });
    responder = () => ({ status: 403, body: { errors: [{ code: 'forbidden' }] } });
    await expect(api.core.get('/x/')).rejects.toMatchObject({ status: 403 });
    stop();
    expect(told).toBe(1);
    expect(getAccessToken()).toBe('access-1');
  });
});

describe('errorText', () => {
  it('joins the descriptions with line breaks', () => {
    const error = new ApiError(400, { errors: [{ description: 'First' }, { description: 'Second' }] });
    expect(errorText(error)).toBe('First\nSecond');
  });

  it('falls back when there are no descriptions', () => {
    expect(errorText(new ApiError(500, 'Bad gateway'))).toBe(
      'Something went wrong, please contact your broker.',
    );
    expect(errorText(new ApiError(400, { errors: [] }))).toBe(
      'Something went wrong, please contact your broker.',
    );
    expect(errorText(new Error('boom'))).toBe('Something went wrong, please contact your broker.');
    expect(errorText(new ApiError(0, null))).toBe(
      'Cannot reach Homeward. Check your connection and try again.',
    );
    expect(errorText(undefined, 'Error while loading lawyers')).toBe('Error while loading lawyers');
  });
});
