import { parse, serialize, type SerializeOptions } from 'cookie';
import type { HttpRequest, HttpResponse } from '../platform/http/http-types.js';
import { API } from '../platform/http/request-metadata.js';

export const REFRESH_COOKIE = 'homeward_refresh';
/** Only the token endpoints (obtain, refresh, revoke) ever receive the refresh token. */
export const REFRESH_COOKIE_PATH = `/${API.auth}/auth/token/`;

/**
 * The refresh token lives where page scripts cannot read it (HttpOnly) and other sites cannot send it
 * (SameSite=Strict). `Secure` follows the request: behind TLS (with TRUST_PROXY) it is set; plain http
 * on localhost or 127.0.0.1 (development, tests) would otherwise never get the cookie back.
 */
function options(request: HttpRequest): SerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: request.protocol === 'https',
  };
}

export function setRefreshCookie(
  request: HttpRequest,
  response: HttpResponse,
  token: string,
  maxAgeSeconds: number,
): void {
  // Max-Age for browsers that read it, Expires for the few that do not.
  const expires = new Date(Date.now() + maxAgeSeconds * 1000);
  response.header(
    'Set-Cookie',
    serialize(REFRESH_COOKIE, token, { ...options(request), maxAge: maxAgeSeconds, expires }),
  );
}

export function clearRefreshCookie(request: HttpRequest, response: HttpResponse): void {
  response.header('Set-Cookie', serialize(REFRESH_COOKIE, '', { ...options(request), expires: new Date(0) }));
}

export function readRefreshCookie(request: HttpRequest): string | null {
  return parse(request.headers.cookie ?? '')[REFRESH_COOKIE] ?? null;
}
