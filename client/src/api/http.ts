import { LOG_POSITION_HEADER } from '@machines/domain-event-push';
import { postRefresh, takeEarlyRefresh } from './early-refresh';
import { ApiError } from './errors';
import { newRequestId, ownChanges } from './own-changes';
import { noteRead } from './read-horizon';
import { isUnreachable } from '@machines/reachability';
import { clearTokens, getAccessToken, setTokens, type Tokens } from './tokens';

export const API_BASES = {
  auth: '/auth/api/v3',
  core: '/core/api/v3',
  events: '/events/api/v3',
} as const;

export type Service = keyof typeof API_BASES;

/** Every answer wraps its payload in `data`; lists also carry `pagination.count`. */
export interface Envelope<T> {
  data: T;
  pagination?: { count: number };
}

export interface Page<T> {
  data: T[];
  count: number;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * false for the calls that neither carry nor renew the session (sign in, password reset, refresh):
   * their 401 is an answer, not an expired token.
   */
  auth?: boolean;
  /**
   * The id the server writes on the events this request causes (X-Request-Id), so this browser knows
   * their pushes as its own. A command sent without one gets a new one.
   */
  requestId?: string;
  /**
   * Names this request for all of its sends (Idempotency-Key): a command the browser re-sends after its
   * connection broke, or that is sent again after a token renewal, is answered once by the server.
   */
  idempotencyKey?: string;
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export function buildUrl(service: Service, path: string, query?: Query): string {
  const url = API_BASES[service] + (path.startsWith('/') ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * How long a command whose answer did not come waits before it is sent again, once. It may have been
 * applied: its idempotency key has the server answer the repeat instead of applying it twice.
 */
const RESEND_AFTER_MS = 1000;

/** Waits, unless the caller gives up meanwhile. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Sends a command, and once more a second later when it got no answer at all (the network), as opposed to
 * a refusal or the caller giving up. Only for a command that carries its idempotency key in both sends.
 */
export async function sendWithOneResend<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 0) || signal?.aborted) throw error;
    await pause(RESEND_AFTER_MS, signal);
    return send();
  }
}

/** One HTTP exchange, no token renewal; a command that got no answer is sent again once. */
function send<T>(
  service: Service,
  path: string,
  options: RequestOptions,
  access: string | null,
): Promise<Envelope<T>> {
  const once = () => exchange<T>(service, path, options, access);
  return options.idempotencyKey ? sendWithOneResend(once, options.signal) : once();
}

async function exchange<T>(
  service: Service,
  path: string,
  options: RequestOptions,
  access: string | null,
): Promise<Envelope<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  if (access) headers.set('Authorization', `Bearer ${access}`);
  if (options.requestId) headers.set(REQUEST_ID_HEADER, options.requestId);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  return receive<T>(
    fetch(buildUrl(service, path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    }),
    options.signal,
  );
}

/** An exchange's answer: its payload, or the ApiError it is (status 0: no answer at all). */
async function receive<T>(exchange: Promise<Response>, signal?: AbortSignal): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await exchange;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null);
  }

  const position = response.headers.get(LOG_POSITION_HEADER);
  if (position !== null && /^\d+$/.test(position)) noteRead(Number(position));
  const payload = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, payload);
  if (payload && typeof payload === 'object' && 'data' in payload) return payload as Envelope<T>;
  return { data: payload as T };
}

/** 401, or 403 whose first error code is token_not_valid: the access token needs renewing. */
export function isTokenError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 401 || (error.status === 403 && error.code === 'token_not_valid'))
  );
}

type ExpiredListener = () => void;
const expiredListeners = new Set<ExpiredListener>();

/** Called when the tokens could not be renewed and were removed: the user must sign in again. */
export function onSessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** The session cannot go on (a renewal was refused, or the server closed the live connection for good). */
export function expireSession(): void {
  clearTokens();
  expiredListeners.forEach((listener) => listener());
}

/** The server's refusal of every page but enrolment, to staff the brokerage requires a second factor of. */
export const SECOND_FACTOR_SETUP_REQUIRED = 'second_factor_setup_required';
const setupRequiredListeners = new Set<() => void>();

/** Called when a request was refused until the user sets up two-factor sign-in (the rule came in meanwhile). */
export function onSecondFactorSetupRequired(listener: () => void): () => void {
  setupRequiredListeners.add(listener);
  return () => setupRequiredListeners.delete(listener);
}

/** A refusal from the server, as opposed to no answer at all (the network), which may pass. */
/**
 * Whether the server refused the renewal: any answer but its own failure. No answer (a dropped network) or a
 * 5xx (a restart, a gateway) says nothing of the session, which is kept for a later try.
 */
function isRefused(error: unknown): boolean {
  return !isUnreachable(error);
}

let refreshing: Promise<Tokens> | null = null;

/** The page's first refresh was sent as it started; any later one is sent now. */
async function runRefresh(): Promise<Tokens> {
  try {
    const { data } = await receive<Tokens>(takeEarlyRefresh() ?? postRefresh());
    setTokens({ access: data.access });
    return { access: data.access };
  } catch (error) {
    if (isRefused(error)) clearTokens();
    throw error;
  }
}

/**
 * Renews the access token. Single flight: concurrent callers share one refresh call. Across tabs, a Web
 * Lock keeps two tabs from spending the same single-use refresh cookie at once (the second waits and
 * sends the cookie the first one got back).
 */
export function refreshTokens(): Promise<Tokens> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * A request with the session: the Bearer token is attached, and on a token error the token is renewed
 * once and the request retried once. When renewal fails the token is removed and the session expires.
 * A command (any method but GET) carries a request id, so its pushes are known as this browser's own, and
 * an idempotency key, so that a repeat of it is answered without being applied twice.
 */
export function request<T>(
  service: Service,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  if ((options.method ?? 'GET') === 'GET') return authorised<T>(service, path, options);
  const command = { ...options, idempotencyKey: options.idempotencyKey ?? newRequestId() };
  if (command.requestId) return authorised<T>(service, path, command);
  return ownChanges.send([], (requestId) => authorised<T>(service, path, { ...command, requestId }));
}

async function authorised<T>(service: Service, path: string, options: RequestOptions): Promise<Envelope<T>> {
  if (options.auth === false) return send<T>(service, path, options, null);

  // A reload or a new tab has no access token yet: the cookie may still hold the session.
  if (!getAccessToken()) await renewOrExpire();

  const used = getAccessToken();
  try {
    return await send<T>(service, path, options, used);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.code === SECOND_FACTOR_SETUP_REQUIRED)
      setupRequiredListeners.forEach((listener) => listener());
    if (!isTokenError(error)) throw error;
    const current = getAccessToken();
    if (!current || current === used) await renewOrExpire();
    return send<T>(service, path, options, getAccessToken());
  }
}

async function renewOrExpire(): Promise<void> {
  try {
    await refreshTokens();
  } catch (error) {
    if (isRefused(error)) expireSession();
    throw error;
  }
}

export interface ServiceClient {
  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
  list<T>(path: string, query?: Query, signal?: AbortSignal): Promise<Page<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T = void>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
}

function serviceClient(service: Service): ServiceClient {
  const data = <T>(path: string, options: RequestOptions) =>
    request<T>(service, path, options).then((r) => r.data);
  return {
    get: (path, query, signal) => data(path, { query, signal }),
    list: async <T>(path: string, query?: Query, signal?: AbortSignal) => {
      const envelope = await request<T[]>(service, path, { query, signal });
      const items = Array.isArray(envelope.data) ? envelope.data : [];
      return { data: items, count: envelope.pagination?.count ?? items.length };
    },
    post: (path, body, options) => data(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => data(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => data(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => data(path, { ...options, method: 'DELETE' }),
  };
}

/** The three services: `api.core.get<User>('/users/me/')`. */
export const api = {
  auth: serviceClient('auth'),
  core: serviceClient('core'),
  events: serviceClient('events'),
} as const;
