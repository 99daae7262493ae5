import { afterAll, beforeAll } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, signIn } from './browser.js';
import { PDF_MINIMAL, uploadMultipart } from './multipart-upload.js';
import { bearer, PHONES, startTestApp, type TestApp } from './test-app.js';
import { FORM_FIELD } from './world.js';

export const DEMO_PASSWORD = 'Demo#2026pass';

/** Signs in on a desktop-sized page and waits for the role's home route. */
export async function openAs(
  browser: Browser,
  t: TestApp,
  phone: string,
  home: '/dashboard' | '/roadmap',
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${t.url}/auth`);
  await signIn(page, phone, DEMO_PASSWORD);
  await page.waitForURL(`${t.url}${home}`);
  // The welcome toast covers the top right of the page for its few seconds, and stays while the pointer
  // rests on it: the page is used once it has gone, as a person waits for it.
  const welcome = page.getByText(/ welcome to Homeward!$/);
  await welcome.waitFor();
  await welcome.waitFor({ state: 'hidden' });
  return [context, page];
}

/** Answers a confirmation dialog by its title and the button's label. */
export async function answerDialog(page: Page, title: string, button: string): Promise<void> {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: button, exact: true }).click();
}

export interface FormWorld {
  clientId: string;
  code: string;
  tokens: { broker: string; customer: string };
}

export interface UploadedFileWorld extends FormWorld {
  fileId: string;
}

/** Emma, the demo customer, with an upload form her broker made, asking for one document. */
export async function emmaWithAForm(t: TestApp): Promise<FormWorld> {
  const tokens = {
    broker: (await t.login(PHONES.broker)).access,
    customer: (await t.login(PHONES.customer)).access,
  };
  const list = await t
    .http()
    .get('/core/api/v3/customers/')
    .query({ offset: 0, limit: 10, search: 'Emma', status: '', deal_type: '', broker: '' })
    .set(bearer(tokens.broker));
  const clientId = (list.body.data as { id: string; first_name: string }[]).find(
    (c) => c.first_name === 'Emma',
  )!.id;
  const form = await t
    .http()
    .post('/core/api/v3/forms/')
    .set(bearer(tokens.broker))
    .send({ customer_id: clientId, fields: [FORM_FIELD] });
  return { clientId, code: form.body.data.code as string, tokens };
}

/** Emma, the demo customer, with an upload form asking for one document, which she has uploaded. */
export async function emmaWithAnUploadedFile(t: TestApp, fileName: string): Promise<UploadedFileWorld> {
  const world = await emmaWithAForm(t);
  const upload = await uploadMultipart(
    `${t.url}/core/api/v3/forms/${world.code}/files/`,
    world.tokens.customer,
    [{ field: FORM_FIELD.name, fileName, body: PDF_MINIMAL }],
  );
  const fileId = (upload.body as { data: { id: string }[] }).data[0].id;
  return { ...world, fileId };
}

/** A product and Chromium for a suite, started before its tests and stopped after them. */
export function productInBrowser(): { t: TestApp; browser: Browser } {
  const world = {} as { t: TestApp; browser: Browser };
  beforeAll(async () => {
    world.t = await startTestApp();
    world.browser = await launchChromium();
  }, 60000);
  afterAll(async () => {
    await world.browser?.close();
    await world.t?.close();
  });
  return world;
}

/**
 * A product and Chromium for a suite, started before its tests, with Emma's uploaded file; the fields are
 * filled in once the suite has started.
 */
export function uploadedFileWorld(fileName: string): UploadedFileWorld & { t: TestApp; browser: Browser } {
  const world = productInBrowser() as UploadedFileWorld & { t: TestApp; browser: Browser };
  beforeAll(async () => {
    Object.assign(world, await emmaWithAnUploadedFile(world.t, fileName));
  }, 60000);
  return world;
}
