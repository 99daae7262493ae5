import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import accepts from 'accepts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from '../../../../machines/page-settings.js';
import type { AppConfig } from '../config/app-config.js';
import { BrokerageSettingsService } from '../../brokerage/brokerage-settings.service.js';
import { type EncodedText, encodeText, sendEncoded } from './encoded-text.js';
import { pathOf } from './http-types.js';
import { ASSETS_PATH, isUnder, SERVER_PREFIXES } from './server-paths.js';

/** Built files under assets/ carry a hash of their content in their name: a new build gets new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The build's other files (icons, the manifest) keep their names from build to build. */
const ROOT_FILES_MAX_AGE_MS = 60 * 60 * 1000;
/** The page itself names the current assets, so browsers must ask again each time. */
const REVALIDATE = 'no-cache';
/** Addresses the page is never answered under: the server's own, and the hashed assets. */
const NOT_PAGES = [...SERVER_PREFIXES, ASSETS_PATH];

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
export async function serveClientApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const indexFile = join(config.clientDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const server = app.getHttpAdapter().getInstance();
  // Hashed assets are never asked for again, so nothing is sent to revalidate them with; an old build's
  // name is a 404, not the page under a script's address.
  await server.register(fastifyStatic, {
    root: join(config.clientDir, 'assets'),
    prefix: ASSETS_PATH,
    decorateReply: false,
    preCompressed: true,
    index: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    cacheControl: false,
    setHeaders: (response) => response.header('Cache-Control', IMMUTABLE),
  });
  // The files of the build's root are routes of their own, found once at start: any other address is the
  // page's, and API calls never look on the disk for a file of their name.
  await server.register(fastifyStatic, {
    root: config.clientDir,
    prefix: '/',
    decorateReply: false,
    preCompressed: true,
    index: false,
    wildcard: false,
    globIgnore: ['assets/**', 'index.html', '**/*.br', '**/*.gz'],
    maxAge: ROOT_FILES_MAX_AGE_MS,
  });

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
  server.get('/*', async (request, response) => {
    if (isUnder(NOT_PAGES, pathOf(request.url)) || !accepts(request.raw).type('html'))
      return response.callNotFound();
    const text = await currentPage();
    response.header('Cache-Control', REVALIDATE);
    response.type('text/html; charset=utf-8');
    return sendEncoded(request, response, text);
  });
}
