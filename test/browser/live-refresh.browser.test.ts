import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RealtimeGateway } from '../../server/src/platform/realtime/realtime.gateway.js';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { minimalPdf, png } from '../support/file-samples.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Demo#2026pass';
const BROKER = '4165550101';

const FIELD = {
  type: 'file',
  name: 'pay_stubs-a1b2',
  caption: 'Two recent pay stubs',
  disabled: false,
  tutorial: { description: '', example: '' },
};

const SOCKET_IO = /\/socket\.io\//;

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').getByText(text, { exact: true }).first();

interface Read {
  method: string;
  path: string;
}

/** The API calls a page makes from now on (the path without the query). */
function recordCalls(page: Page): Read[] {
  const calls: Read[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/(core|auth|events)\/api\//.test(url.pathname))
      calls.push({ method: request.method(), path: url.pathname });
  });
  return calls;
}

/** Waits until the page has made no API call for a while: the pushes and their reads are done. */
async function quiet(page: Page, calls: Read[], ms = 600): Promise<void> {
  let seen = -1;
  while (seen !== calls.length) {
    seen = calls.length;
    await page.waitForTimeout(ms);
  }
}

const gets = (calls: Read[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;

describeInBrowser('one read per change in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let clientId: string;
  let code: string;
  const tok: Record<string, string> = {};

  const upload = (name: string, bytes: Buffer) =>
    t
      .http()
      .post(`/core/api/v3/forms/${code}/files/`)
      .set(bearer(tok.customer))
      .attach(FIELD.name, bytes, name);

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
    tok.broker = (await t.login(PHONES.broker)).access;
    tok.customer = (await t.login(PHONES.customer)).access;
    const me = await t.http().get('/core/api/v3/customers/me/').set(bearer(tok.customer));
    clientId = me.body.data.id as string;
    const created = await t
      .http()
      .post('/core/api/v3/forms/')
      .set(bearer(tok.broker))
      .send({ customer_id: clientId, fields: [FIELD] });
    expect(created.status).toBe(201);
    code = created.body.data.code as string;
    expect((await upload('pay-stub-march.pdf', minimalPdf())).status).toBe(201);
    expect((await upload('pay-stub-april.png', await png())).status).toBe(201);
    await t.drain();
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function brokerOn(context: BrowserContext, path: string): Promise<[Page, Read[]]> {
    const page = await context.newPage();
    const calls = recordCalls(page);
    await page.goto(`${t.url}${path}`);
    return [page, calls];
  }

  async function signedInBroker(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, BROKER, PASSWORD);
    await page.waitForURL(`${t.url}/dashboard`);
    await page.close();
    return context;
  }

  it('refreshes the file history once when the broker changes a file status', async () => {
    const context = await signedInBroker();
    const [broker, calls] = await brokerOn(context, `/client/${clientId}/form/${code}`);
    const status = (shown: string) =>
      broker
        .getByTestId('documents-in-progress')
        .getByRole('button', { name: `Status of pay-stub-march.pdf: ${shown}` });
    await status('In review').waitFor();
    await quiet(broker, calls);
    const before = calls.length;

    await status('In review').click();
    await broker.getByRole('menuitem', { name: 'Issue' }).click();
    await Promise.all([
      toast(broker, 'File status has been successfully changed.').waitFor(),
      status('Issue').waitFor(),
    ]);
    await t.drain();
    await quiet(broker, calls);

    const after = calls.slice(before);
    // The command's answer is the history: it is not read again, neither after the answer nor on the push.
    expect(after.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    expect(gets(after, `/core/api/v3/forms/${code}/history/`)).toBe(0);
    // What else the change touched (the client's counters) is read once.
    expect(gets(after, `/core/api/v3/customers/${clientId}/`)).toBe(1);
    const reads = after.filter((call) => call.method === 'GET').map((call) => call.path);
    expect(reads).toEqual([...new Set(reads)]);
    await context.close();
  }, 60000);

  it('shows a change made after the page read its data and before its live connection joined', async () => {
    const context = await signedInBroker();
    // The page reads its data while its connection cannot open yet.
    await context.route(SOCKET_IO, (route) => route.abort());
    const [review, calls] = await brokerOn(context, `/client/${clientId}/form/${code}`);
    await review.getByTestId('upload-history').getByText('pay-stub-march.pdf').first().waitFor();
    await quiet(review, calls);

    // Pushed before the page listens: only asking for what it missed brings it.
    expect((await upload('pay-stub-june.pdf', minimalPdf('June'))).status).toBe(201);
    await t.drain();
    const before = calls.length;
    await context.unroute(SOCKET_IO);
    await review
      .getByTestId('upload-history')
      .getByText('pay-stub-june.pdf')
      .first()
      .waitFor({ timeout: 20000 });
    await quiet(review, calls);
    expect(gets(calls.slice(before), `/core/api/v3/forms/${code}/history/`)).toBe(1);
    await context.close();
  }, 60000);

  it('refreshes documents, chats and assignments after the socket reconnects', async () => {
    const context = await signedInBroker();
    const [review, reviewCalls] = await brokerOn(context, `/client/${clientId}/form/${code}`);
    await review
      .getByRole('button', { name: /^Comments to pay-stub-april\.png/ })
      .first()
      .click();
    const chat = review.getByRole('dialog');
    await chat.getByText('No messages yet..').waitFor();
    const [lawyers, lawyerCalls] = await brokerOn(context, `/client/${clientId}/lawyer/add`);
    await quiet(review, reviewCalls);
    await quiet(lawyers, lawyerCalls);

    // The connections drop and cannot come back while the customer changes things.
    await context.route(SOCKET_IO, (route) => route.abort());
    const server = t.app.get(RealtimeGateway).server;
    for (const socket of server.of('/').sockets.values()) socket.conn.close();
    await review.waitForTimeout(300);
    const fileId = (
      await t.http().get(`/core/api/v3/forms/${code}/history/`).set(bearer(tok.customer))
    ).body.data.find((file: { file_name: string }) => file.file_name === 'pay-stub-april.png').id as string;
    const comment = await t
      .http()
      .post(`/core/api/v3/forms/${code}/files/${fileId}/comments/`)
      .set(bearer(tok.customer))
      .field('text', 'Here is the April pay stub.');
    expect(comment.status).toBe(201);
    expect((await upload('pay-stub-may.pdf', minimalPdf('May'))).status).toBe(201);
    const choices = await t
      .http()
      .get(`/core/api/v3/customers/${clientId}/lawyers/`)
      .query({ offset: 0, limit: 10, search: '' })
      .set(bearer(tok.customer));
    const lawyer = (choices.body.data as { id: string }[])[0];
    const pick = await t
      .http()
      .post(`/core/api/v3/customers/${clientId}/lawyers/${lawyer.id}/add/`)
      .set(bearer(tok.customer));
    expect(pick.status).toBeLessThan(300);
    await t.drain();
    const missed = [reviewCalls.length, lawyerCalls.length];

    // Each page reconnects on its own schedule (with a random backoff of up to seconds).
    const lawyersRead = lawyers.waitForRequest(
      (request) => new URL(request.url()).pathname === `/core/api/v3/customers/${clientId}/lawyers/`,
      { timeout: 20000 },
    );
    await context.unroute(SOCKET_IO);
    // The open chat, the documents and the lawyers are read again once the connection is back.
    await chat.getByText('Here is the April pay stub.').waitFor({ timeout: 20000 });
    await review.getByTestId('upload-history').getByText('pay-stub-may.pdf').first().waitFor();
    await lawyersRead;
    await quiet(review, reviewCalls);
    const reviewAfter = reviewCalls.slice(missed[0]);
    expect(gets(reviewAfter, `/core/api/v3/forms/${code}/history/`)).toBe(1);
    expect(gets(reviewAfter, `/core/api/v3/forms/${code}/`)).toBe(1);
    expect(gets(reviewAfter, `/core/api/v3/forms/${code}/files/${fileId}/comments/`)).toBe(1);
    expect(lawyerCalls.length).toBeGreaterThan(missed[1]);
    await context.close();
  }, 90000);
});
