import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A token a caller names its request with (its id, its idempotency key): a UUID or another short token of
 * these characters, safe to write into logs, the event log and store keys.
 */
export function isSafeToken(header: string | string[] | undefined): header is string {
  return typeof header === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(header);
}

/** The caller's request id when it is a safe token, otherwise a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return isSafeToken(header) ? header : randomUUID();
}
