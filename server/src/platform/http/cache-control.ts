import type { NextFunction, Request, Response } from 'express';
import { API_PREFIXES, isUnder } from './server-paths.js';

/**
 * API answers carry clients' personal data, so no cache, shared or in the browser, may keep them. Set before
 * any handler runs, so a handler that knows better (a file download) replaces it.
 */
export function noStoreForApi(request: Request, response: Response, next: NextFunction): void {
  if (isUnder(API_PREFIXES, request.path)) response.setHeader('Cache-Control', 'no-store');
  next();
}
