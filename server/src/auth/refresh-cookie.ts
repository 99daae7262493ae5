import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import { API } from '../platform/http/request-metadata.js';

export const REFRESH_COOKIE = 'homeward_refresh';
/** Only the token endpoints (obtain, refresh, revoke) ever receive the refresh token. */
export const REFRESH_COOKIE_PATH = `/${API.auth}/auth/token/`;

/**
 * The refresh token lives where page scripts cannot read it (HttpOnly) and other sites cannot send it
 * (SameSite=Strict). `Secure` follows the request: behind TLS (with TRUST_PROXY) it is set; plain http
 * on localhost or 127.0.0.1 (development, tests) would otherwise never get the cookie back.
 */
function options(request: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: request.secure };
}

export function setRefreshCookie(
  request: Request,
  response: Response,
  token: string,
  maxAgeSeconds: number,
): void {
  response.cookie(REFRESH_COOKIE, token, { ...options(request), maxAge: maxAgeSeconds * 1000 });
}

export function clearRefreshCookie(request: Request, response: Response): void {
  response.clearCookie(REFRESH_COOKIE, options(request));
}

export function readRefreshCookie(request: Request): string | null {
  return parse(request.headers.cookie ?? '')[REFRESH_COOKIE] ?? null;
}
