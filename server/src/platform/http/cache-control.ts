import type { HttpRequest, HttpResponse } from './http-types.js';
import { API_PREFIXES, isUnder } from './server-paths.js';

/**
 * API answers carry clients' personal data, so no cache, shared or in the browser, may keep them. Set on the
 * Node.js response before any handler runs, so every answer carries it (errors and 404s too) and a handler
 * that knows better (a file download) replaces it.
 */
export function noStoreForApi(request: HttpRequest, response: HttpResponse, done: () => void): void {
  if (isUnder(API_PREFIXES, request.url)) response.raw.setHeader('Cache-Control', 'no-store');
  done();
}
