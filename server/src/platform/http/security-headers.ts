import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { FILES_PATH } from '../storage/file-links.js';

type Directives = Record<string, string[]>;

const SELF = "'self'";
const NONE = "'none'";

/** Neither pages nor files may be framed, post forms elsewhere or change the base of relative links. */
const LOCKED_DOWN: Directives = {
  'default-src': [SELF],
  'base-uri': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [NONE],
  'object-src': [NONE],
  'script-src': [SELF],
  'script-src-attr': [NONE],
};

/**
 * The client (and the OpenAPI page): its own scripts only, with no inline or evaluated code. Mantine writes
 * <style> tags at run time, hence inline styles; thumbnails and previews are blob: and data: images; the
 * client's own SVG icons use data: URLs; Socket.IO talks to the same origin, which 'self' covers for
 * ws:/wss: too.
 */
const PAGE_POLICY: Directives = {
  ...LOCKED_DOWN,
  'connect-src': [SELF],
  'font-src': [SELF, 'data:'],
  'img-src': [SELF, 'data:', 'blob:'],
  'style-src': [SELF, "'unsafe-inline'"],
};

/**
 * A stored file opened in a tab. Chromium shows a PDF through an internal <embed> of the same address,
 * styled inline, so the file's own address must be allowed as an object and inline styles as well; nothing
 * may run.
 */
const FILE_POLICY: Directives = {
  ...LOCKED_DOWN,
  'default-src': [NONE],
  'script-src': [NONE],
  'object-src': [SELF],
  'img-src': [SELF],
  'style-src': ["'unsafe-inline'"],
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
  bluetooth: '()',
  midi: '()',
  accelerometer: '()',
  gyroscope: '()',
  magnetometer: '()',
  'display-capture': '()',
  'screen-wake-lock': '()',
  'xr-spatial-tracking': '()',
  'browsing-topics': '()',
};
export const PERMISSIONS_POLICY = Object.entries(PERMISSIONS)
  .map(([feature, allowed]) => `${feature}=${allowed}`)
  .join(', ');

function helmetWith(directives: Directives): RequestHandler {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Sent only over HTTPS, below: over plain HTTP it means nothing and would pin a local host to HTTPS.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  };
  return helmet(options) as RequestHandler;
}

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Security headers of every answer. HSTS goes only on answers to HTTPS requests, seen directly or through
 * the proxies that `trust proxy` accepts (`X-Forwarded-Proto`).
 */
export function securityHeaders(): RequestHandler {
  const forPages = helmetWith(PAGE_POLICY);
  const forFiles = helmetWith(FILE_POLICY);
  const hsts = helmet.strictTransportSecurity({ maxAge: ONE_YEAR_SECONDS, includeSubDomains: true });
  return (request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.secure) hsts(request, response, () => undefined);
    const policy = request.path.startsWith(`${FILES_PATH}/`) ? forFiles : forPages;
    policy(request, response, next);
  };
}
