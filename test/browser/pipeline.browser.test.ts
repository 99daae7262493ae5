import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PipelineFigures } from '../../machines/pipeline.js';
import { describeInBrowser, launchChromium } from '../support/browser.js';
import { openAs } from '../support/browser-world.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

/** The Pipeline page: a principal broker opens it from the header and sees a status change live. */

const count = async (page: Page, status: string) =>
  Number(await page.getByTestId(`now-${status}`).innerText());

describeInBrowser('the pipeline page', () => {
  let t: TestApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
  }, 60000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await t?.close();
  });

  it("shows the brokerage's counts and follows another browser's status change without a reload", async () => {
    const [principalContext, principal] = await openAs(
      browser,
      t,
      PHONES.principalBroker.slice(1),
      '/dashboard',
    );
    contexts.push(principalContext);
    await principal.getByRole('banner').getByRole('link', { name: 'Pipeline' }).click();
    await principal.waitForURL(`${t.url}/pipeline`);
    await principal.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();

    const token = (await t.login(PHONES.principalBroker)).access;
    const answer = await t.http().get('/core/api/v3/pipeline/').set(bearer(token));
    const figures = answer.body.data as PipelineFigures;
    const active = figures.statuses.find((s) => s.status === 'active')!.now;
    const preApproved = figures.statuses.find((s) => s.status === 'pre_approved')!.now;
    await principal.getByTestId('now-active').getByText(String(active), { exact: true }).waitFor();
    expect(await count(principal, 'pre_approved')).toBe(preApproved);
    await principal.getByRole('figure', { name: 'Clients per status now' }).locator('svg').first().waitFor();
    await principal.evaluate('window.stayedOnPage = true');

    // The broker, in another browser, moves one of their active clients on.
    const [brokerContext, broker] = await openAs(browser, t, PHONES.broker.slice(1), '/dashboard');
    contexts.push(brokerContext);
    await broker
      .getByRole('button', { name: /^Status of .+: Active$/ })
      .first()
      .click();
    await broker.getByRole('menuitem', { name: 'Pre-approved' }).click();
    await broker.getByText("The client's status has been changed.").first().waitFor();

    await principal
      .getByTestId('now-active')
      .getByText(String(active - 1), { exact: true })
      .waitFor();
    await principal
      .getByTestId('now-pre_approved')
      .getByText(String(preApproved + 1), { exact: true })
      .waitFor();
    expect(await principal.evaluate<boolean>('window.stayedOnPage === true')).toBe(true);

    // On a phone the charts stack and the tables scroll inside their cards: the page itself never scrolls sideways.
    await principal.setViewportSize({ width: 375, height: 800 });
    await principal.waitForTimeout(300);
    const overflow = await principal.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }, 90000);

  it('names a broker as they are now when the principal broker renames them elsewhere', async () => {
    const [context, page] = await openAs(browser, t, PHONES.principalBroker.slice(1), '/dashboard');
    contexts.push(context);
    await page.goto(`${t.url}/pipeline`);
    // The broker asks their client for a document: the broker now has an outstanding one.
    const brokerToken = (await t.login(PHONES.broker)).access;
    const customerToken = (await t.login(PHONES.customer)).access;
    const client = (await t.http().get('/core/api/v3/customers/me/').set(bearer(customerToken))).body.data;
    const form = await t
      .http()
      .post('/core/api/v3/forms/')
      .set(bearer(brokerToken))
      .send({
        customer_id: client.id,
        fields: [
          {
            type: 'file',
            name: 'pay_stubs-a1b2',
            caption: 'Two recent pay stubs',
            disabled: false,
            tutorial: { description: '', example: '' },
          },
        ],
      });
    expect(form.status).toBe(201);
    await t.drain();
    const token = (await t.login(PHONES.principalBroker)).access;
    const figures = (await t.http().get('/core/api/v3/pipeline/').set(bearer(token))).body
      .data as PipelineFigures;
    const listed = figures.brokers.find((b) => b.broker_id !== null)!;
    const [first, ...rest] = listed.broker_name.split(' ');
    const perBroker = page.getByRole('table', { name: 'Documents per broker' });
    await perBroker.getByText(listed.broker_name, { exact: true }).waitFor();

    const renamed = await t
      .http()
      .patch(`/core/api/v3/team/${listed.broker_id}/`)
      .set(bearer(token))
      .send({ first_name: `${first}ine` });
    expect(renamed.status).toBe(200);
    await perBroker.getByText([`${first}ine`, ...rest].join(' '), { exact: true }).waitFor();
  }, 60000);
});
