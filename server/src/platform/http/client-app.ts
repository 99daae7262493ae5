import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from '../../../../machines/page-settings.js';
import type { AppConfig } from '../config/app-config.js';
import { isUnder, SERVER_PREFIXES } from './server-paths.js';

const ASSETS_PATH = '/assets/';
/** Built files under assets/ carry a hash of their content in their name: a new build gets new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page itself names the current assets, so browsers must ask again each time. */
const REVALIDATE = 'no-cache';

/**
 * The single page with the settings it reads, as a JSON data block: browsers do not run it, so the
 * Content-Security-Policy needs no inline-script permission. `<` is escaped so no value can close the block.
 */
function pageWithSettings(html: string, settings: PageSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    `<script type="application/json" id="${PAGE_SETTINGS_ELEMENT_ID}">${json}</script></head>`,
  );
}

/** Serves the built client: its static files, and its page on every client route (/dashboard, /auth/reset...). */
export function serveClientApp(app: NestExpressApplication, config: AppConfig): void {
  const indexFile = join(config.clientDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const assetsDir = join(config.clientDir, 'assets') + sep;
  const files = express.static(config.clientDir, {
    index: false,
    maxAge: '1h',
    setHeaders: (response: Response, path: string) => {
      if (path.startsWith(assetsDir)) response.setHeader('Cache-Control', IMMUTABLE);
      else if (extname(path) === '.html') response.setHeader('Cache-Control', REVALIDATE);
    },
  });
  // API calls never look on the disk for a file of their name.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isUnder(SERVER_PREFIXES, request.path) ? next() : files(request, response, next),
  );

  const page = pageWithSettings(readFileSync(indexFile, 'utf8'), {
    mortgageApplicationUrl: config.mortgageApplicationUrl,
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // A missing asset (an old build's name) is a 404, not the page under a script's address.
    if (isUnder([...SERVER_PREFIXES, ASSETS_PATH], request.path) || !request.accepts('html')) return next();
    response.setHeader('Cache-Control', REVALIDATE);
    response.type('html').send(page);
  });
}
