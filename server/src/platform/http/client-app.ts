import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from '../../../../machines/page-settings.js';
import type { AppConfig } from '../config/app-config.js';
import { BrokerageSettingsService } from '../../brokerage/brokerage-settings.service.js';
import { type EncodedText, encodeText, sendEncoded } from './encoded-text.js';
import { ASSETS_PATH, isUnder, SERVER_PREFIXES } from './server-paths.js';

/** The built page file has no settings yet: its address is answered with the page like any other. */
const INDEX_PATH = '/index.html';
/** Built files under assets/ carry a hash of their content in their name: a new build gets new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Addresses that are neither a file of the build's root nor the page: the server's own, and the hashed
 * assets, which their own handler answers (an old build's name there is a 404, not the page).
 */
const NOT_PUBLIC_FILES = [...SERVER_PREFIXES, ASSETS_PATH];
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

/**
 * Serves the built client: its static files, and its page on every client route (/dashboard, /auth/reset...).
 * Text files are sent in the brotli or gzip copy the build wrote beside them, as the browser accepts.
 */
export function serveClientApp(app: NestExpressApplication, config: AppConfig): void {
  const indexFile = join(config.clientDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const compressed = (dir: string, options: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, ...options },
    });
  // Hashed assets are never asked for again, so nothing is sent to revalidate them with.
  const assets = compressed(join(config.clientDir, 'assets'), {
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: (response: ServerResponse) => response.setHeader('Cache-Control', IMMUTABLE),
  });
  const files = compressed(config.clientDir, { maxAge: '1h' });
  app.use(ASSETS_PATH, assets);
  // API calls never look on the disk for a file of their name.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isUnder(NOT_PUBLIC_FILES, request.path) || request.path === INDEX_PATH
      ? next()
      : files(request, response, next),
  );

  const html = readFileSync(indexFile, 'utf8');
  const settings = app.get(BrokerageSettingsService);
  // The page is encoded once per version of the brokerage's details, which a principal broker may change.
  let page: { settings: string; text: EncodedText } | null = null;
  const currentPage = async (): Promise<EncodedText> => {
    const brokerage = await settings.current();
    const key = JSON.stringify(brokerage);
    if (page?.settings !== key)
      page = {
        settings: key,
        text: encodeText(
          pageWithSettings(html, { mortgageApplicationUrl: brokerage.mortgageApplicationUrl, brokerage }),
        ),
      };
    return page.text;
  };
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // A missing asset (an old build's name) is a 404, not the page under a script's address.
    if (isUnder(NOT_PUBLIC_FILES, request.path) || !request.accepts('html')) return next();
    currentPage().then((text) => {
      response.setHeader('Cache-Control', REVALIDATE);
      response.type('html');
      sendEncoded(request, response, text);
    }, next);
  });
}
