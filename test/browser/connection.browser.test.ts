import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { OFFLINE_TEXT, RECONNECTING_TEXT } from '../../machines/connection-notice.js';
import { describeInBrowser, signIn } from '../support/browser.js';
import { DEMO_PASSWORD, productInBrowser } from '../support/browser-world.js';
import { flakyProxy, type FlakyProxy } from '../support/flaky-proxy.js';
import { PHONES } from '../support/test-app.js';

const CLIENT = 'Emma Wilson';

describeInBrowser('the page when the connection goes', () => {
  const world = productInBrowser();
  let proxy: FlakyProxy;
  beforeAll(async () => {
    proxy = await flakyProxy(world.t.url);
  });
  afterAll(() => proxy?.close());

  it('says so while offline, sends a change made meanwhile once back, and says when live updates are lost', async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${proxy.url}/auth`);
    await signIn(page, PHONES.principalBroker.slice(1), DEMO_PASSWORD);
    await page.waitForURL(`${proxy.url}/dashboard`);
    const status = page.getByRole('button', { name: new RegExp(`^Status of ${CLIENT}: `) });
    await status.waitFor();
    await expect(page.getByText(OFFLINE_TEXT).count()).resolves.toBe(0);

    // Offline: the page says so, and a status change waits.
    await context.setOffline(true);
    await page.getByText(OFFLINE_TEXT, { exact: true }).waitFor();
    await status.click();
    await page.getByRole('menuitem', { name: 'Broker complete' }).click();
    await page.waitForTimeout(500);
    const db = world.t.app.get(DataSource);
    const stored = async () =>
      (await db.query("SELECT status FROM customers WHERE first_name = 'Emma' AND last_name = 'Wilson'"))[0]
        .status as string;
    expect(await stored()).not.toBe('broker_complete');

    // Back online: the strip goes and the change is sent.
    await context.setOffline(false);
    await page.getByText("The client's status has been changed.", { exact: true }).waitFor();
    await expect(page.getByText(OFFLINE_TEXT).count()).resolves.toBe(0);
    expect(await stored()).toBe('broker_complete');
    // The list shows active clients: she leaves it, and the page says where she went.
    await page.getByText('Moved to Broker complete', { exact: true }).waitFor();

    // The network goes for 6 s: after 3 s without live updates the page says so, and stops once back.
    proxy.cutFor(6000);
    await page.getByText(RECONNECTING_TEXT, { exact: true }).waitFor({ timeout: 6000 });
    await page.getByText(RECONNECTING_TEXT, { exact: true }).waitFor({ state: 'detached', timeout: 20000 });
    await context.close();
  });
});
