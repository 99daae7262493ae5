import { afterAll, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { flakyProxy, type FlakyProxy } from '../support/flaky-proxy.js';
import { describeInBrowser, signIn } from '../support/browser.js';
import { DEMO_PASSWORD, emmaWithAForm, productInBrowser } from '../support/browser-world.js';
import { PDF_MINIMAL } from '../support/multipart-upload.js';
import { PHONES } from '../support/test-app.js';
import { FORM_FIELD } from '../support/world.js';

const CLIENT = 'Emma Wilson';
const NOTE = 'Spoke with the underwriter about the gift letter.';

describeInBrowser('a command whose answer is lost on the way', () => {
  const world = productInBrowser();
  const proxies: FlakyProxy[] = [];
  const losingAnswersTo = async (requestLine: RegExp) => {
    const proxy = await flakyProxy(world.t.url, { loseAnswerTo: requestLine });
    proxies.push(proxy);
    return proxy;
  };
  afterAll(() => Promise.all(proxies.map((proxy) => proxy.close())));

  it('keeps one note when the connection breaks before its answer and Chromium sends it again', async () => {
    const proxy = await losingAnswersTo(/^POST \/core\/api\/v3\/customers\/[^/]+\/notes\//);
    const context = await world.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${proxy.url}/auth`);
    await signIn(page, PHONES.principalBroker.slice(1), DEMO_PASSWORD);
    await page.waitForURL(`${proxy.url}/dashboard`);
    await page.getByRole('button', { name: `Notes of ${CLIENT}` }).click();
    const notes = page.getByRole('dialog', { name: `Client: ${CLIENT}` });
    await notes.getByRole('textbox', { name: 'Note' }).fill(NOTE);
    await notes.getByRole('textbox', { name: 'Note' }).press('Enter');
    await notes.getByTestId('note').getByText(NOTE).waitFor();

    // The browser sent the note twice, under one key: the first answer never reached it.
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1]!.idempotencyKey).toBe(proxy.seen[0]!.idempotencyKey);
    expect(proxy.seen[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    // Once on the page, once in the read tables, once in the log.
    await page.waitForTimeout(1000);
    await expect(notes.getByTestId('note').getByText(NOTE).count()).resolves.toBe(1);
    const db = world.t.app.get(DataSource);
    expect(await db.query('SELECT id FROM notes WHERE text = $1', [NOTE])).toHaveLength(1);
    expect(
      await db.query("SELECT 1 FROM events WHERE type = 'note.added' AND data->>'text' = $1", [NOTE]),
    ).toHaveLength(1);
    await context.close();
  });

  it('stores a file once when the connection breaks before the upload’s answer and Chromium sends it again', async () => {
    const proxy = await losingAnswersTo(/^POST \/core\/api\/v3\/forms\/[^/]+\/files\//);
    const { code } = await emmaWithAForm(world.t);
    const db = world.t.app.get(DataSource);

    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${proxy.url}/auth`);
    await signIn(page, PHONES.customer.slice(1), DEMO_PASSWORD);
    await page.waitForURL(`${proxy.url}/roadmap`);
    await page.goto(`${proxy.url}/form/${code}/`);
    const field = page
      .getByTestId('document-field')
      .filter({ has: page.getByRole('heading', { name: FORM_FIELD.caption }) });
    await field.locator('input[type=file]').first().setInputFiles({
      name: 'statement-october.pdf',
      mimeType: 'application/pdf',
      buffer: PDF_MINIMAL,
    });
    await page.getByTestId('upload-bar').getByRole('button', { name: 'Upload documents' }).click();
    await page.getByText('All files are successfully uploaded!', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Status of statement-october.pdf: In review' }).waitFor();

    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1]!.idempotencyKey).toBe(proxy.seen[0]!.idempotencyKey);
    await page.waitForTimeout(1000);
    await expect(
      page.getByRole('button', { name: 'Status of statement-october.pdf: In review' }).count(),
    ).resolves.toBe(1);
    const files = await db.query('SELECT id FROM form_files WHERE code = $1', [code]);
    expect(files).toHaveLength(1);
    await context.close();
  });
});
