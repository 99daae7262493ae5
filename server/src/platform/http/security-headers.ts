import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from './http-types.js';
import { API_PREFIXES, ASSETS_PATH, isUnder } from './server-paths.js';

type Directives = Record<string, string[]>;

const SELF = "'self'";
const NONE = "'none'";

/**
 * The client (and the OpenAPI page): its own scripts only, with no inline or evaluated code. Mantine writes
 * <style> tags at run time, hence inline styles; thumbnails and previews are blob: and data: images; the
 * client's own SVG icons use data: URLs; Socket.IO talks to the same origin, which 'self' covers for
 * ws:/wss: too.
 */
const PAGE_POLICY: Directives = {
  'default-src': [SELF],
  'base-uri': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [NONE],
  'object-src': [NONE],
  'script-src': [SELF],
  'script-src-attr': [NONE],
  'connect-src': [SELF],
  'font-src': [SELF, 'data:'],
  'img-src': [SELF, 'data:', 'blob:'],
  'style-src': [SELF, "'unsafe-inline'"],
};

/** Only the upload page's photo taking needs a device; every other powerful feature is off. */
const PERMISSIONS: Record<string, string> = {
  camera: '(self)',
  microphone: '()',
  geolocation: '()',
  payment: '()',
  usb: '()',
  serial: '()',
  hid: '()',
  midi: '()',
  accelerometer: '()',
  gyroscope: '()',
  magnetometer: '()',
  'display-capture': '()',
  'screen-wake-lock': '()',
  'xr-spatial-tracking': '()',
  'browsing-topics': '()',
};
const PERMISSIONS_POLICY = Object.entries(PERMISSIONS)
  .map(([feature, allowed]) => `${feature}=${allowed}`)
  .join(', ');

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * An API answer is data, never a document to run: should a browser open one, nothing may load in it or frame
 * it (OWASP's headers for REST answers). A download replaces the policy with its own.
 */
const API_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/**
 * Security headers of every answer. A handler that serves something else than the client (a stored file)
 * replaces the policy with its own. HSTS goes only on answers to HTTPS requests, seen directly or through the
 * proxies that `TRUST_PROXY` accepts (`X-Forwarded-Proto`). Headers go on the Node.js response, so every
 * answer carries them, errors, 404s and streamed files included, and a handler's own replace them.
 *
 * The client's built scripts and styles get only what applies to a script or a style sheet: the page's
 * policies (CSP, framing, permissions, referrer, opener) govern documents and are ignored there, and over
 * HTTP/1.1 they would add a kilobyte of headers to each of the few dozen files a phone loads. The API's
 * answers get the few that apply to data, for the same reason: a page makes dozens of API calls.
 */
export function securityHeaders(): (request: HttpRequest, response: HttpResponse, done: () => void) => void {
  type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: PAGE_POLICY },
    // Sent only over HTTPS, below: over plain HTTP it means nothing and would pin a local host to HTTPS.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  }) as Middleware;
  const hsts = helmet.strictTransportSecurity({
    maxAge: ONE_YEAR_SECONDS,
    includeSubDomains: true,
  }) as Middleware;
  const nothing = (): void => undefined;
  return (request, response, done) => {
    const raw = response.raw;
    if (request.protocol === 'https') hsts(request.raw, raw, nothing);
    if (request.url.startsWith(ASSETS_PATH)) {
      raw.setHeader('X-Content-Type-Options', 'nosniff');
      raw.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      return done();
    }
    if (isUnder(API_PREFIXES, request.url)) {
      for (const [name, value] of API_HEADERS) raw.setHeader(name, value);
      return done();
    }
    raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(request.raw, raw, done);
  };
}
