import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import { RESET_PATH, textedPassword } from '../support/accounts.js';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';
import { FORM_FIELD } from '../support/world.js';

const PASSWORD = 'Demo#2026pass';
const REFRESH_PATH = '/auth/api/v3/auth/token/refresh/';

/** What a first visit to a page (an empty cache) asked for and logged. */
interface FirstLoad {
  requests: string[];
  /** File names of the scripts loaded. */
  scripts: string[];
  consoleErrors: string[];
  landedOn: string;
}

describeInBrowser('signing in through the browser', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function firstLoad(path: string, context?: BrowserContext): Promise<FirstLoad> {
    const own = context ?? (await browser.newContext());
    const page = await own.newPage();
    const visit: FirstLoad = { requests: [], scripts: [], consoleErrors: [], landedOn: '' };
    page.on('request', (request) => {
      const requested = new URL(request.url()).pathname;
      visit.requests.push(requested);
      if (request.resourceType() === 'script') visit.scripts.push(requested.split('/').pop()!);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') visit.consoleErrors.push(message.text());
    });
    await page.goto(`${t.url}${path}`);
    await page.waitForLoadState('networkidle');
    visit.landedOn = new URL(page.url()).pathname;
    await own.close();
    return visit;
  }

  /** A new context holding the demo customer's session cookie, its cache still empty. */
  async function customerSession(): Promise<BrowserContext> {
    const signing = await browser.newContext();
    const page = await signing.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, '4165550103', PASSWORD);
    await page.waitForURL(`${t.url}/roadmap`);
    const state = await signing.storageState();
    await signing.close();
    return browser.newContext({ storageState: state });
  }

  it('sends no token refresh and logs no error for a visitor who never signed in', async () => {
    for (const path of ['/', '/auth', '/dashboard']) {
      const visit = await firstLoad(path);
      expect(visit.requests).not.toContain(REFRESH_PATH);
      expect([path, visit.consoleErrors]).toEqual([path, []]);
    }
  });

  it('loads no staff or customer code on the public pages and the sign-in pages', async () => {
    for (const path of ['/', '/contacts', '/auth', '/auth/reset']) {
      const visit = await firstLoad(path);
      expect(visit.landedOn).toBe(path);
      expect([path, visit.scripts.filter((name) => /^(staff|customer)/.test(name))]).toEqual([path, []]);
    }
  });

  it("loads the customer's roadmap and upload page without staff code", async () => {
    const customer = await t.login(PHONES.customer);
    const me = await t.http().get('/core/api/v3/customers/me/').set(bearer(customer.access));
    const broker = await t.login(PHONES.broker);
    const form = await t
      .http()
      .post('/core/api/v3/forms/')
      .set(bearer(broker.access))
      .send({ customer_id: me.body.data.id, fields: [FORM_FIELD] });
    const uploadPath = `/form/${form.body.data.code}/`;
    for (const path of ['/roadmap', uploadPath]) {
      const visit = await firstLoad(path, await customerSession());
      expect(visit.landedOn).toBe(path);
      expect(visit.scripts.some((name) => name.startsWith('customer'))).toBe(true);
      expect([path, visit.scripts.filter((name) => name.startsWith('staff'))]).toEqual([path, []]);
      expect([path, visit.consoleErrors]).toEqual([path, []]);
    }
  });

  it.each([
    ['principal broker', '4165550100', '/dashboard', 'Olivia Tremblay'],
    ['broker', '4165550101', '/dashboard', 'Liam Gagnon'],
    ['assistant', '4165550102', '/dashboard', 'Chloe Roy'],
    ['customer', '4165550103', '/roadmap', 'Emma Wilson'],
  ])('signs in the demo %s and lands on their home route', async (_role, phone, home, name) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await page.getByText('Sign in to your account').waitFor();
    await signIn(page, phone, PASSWORD);
    await page.waitForURL(`${t.url}${home}`);
    await page.getByText(`${name} welcome to Homeward!`).waitFor();
    await context.close();
  });

  it('sends a signed-out visit to a private route to login, and back to it after sign-in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/form/abc123`);
    await page.waitForURL(/\/auth\?redirect=%2Fform%2Fabc123$/);
    await signIn(page, '4165550103', PASSWORD);
    await page.waitForURL(`${t.url}/form/abc123`);
    await context.close();
  });

  it('sends a signed-out visit to the dashboard to login, and a broker to the dashboard after sign-in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/dashboard`);
    await page.waitForURL(`${t.url}/auth`);
    await signIn(page, '4165550101', PASSWORD);
    await page.waitForURL(`${t.url}/dashboard`);
    await context.close();
  });

  it('sends a customer who opens a staff route to the roadmap', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, '4165550103', PASSWORD);
    await page.waitForURL(`${t.url}/roadmap`);
    await page.goto(`${t.url}/dashboard`);
    await page.waitForURL(`${t.url}/roadmap`);
    await context.close();
  });

  it('shows the server error and keeps the user on login after a wrong password', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, '4165550101', 'not-the-password');
    await page.getByText('No active account found with the given credentials').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('keeps the session over a reload with nothing readable by page script', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, '4165550101', PASSWORD);
    await page.waitForURL(`${t.url}/dashboard`);
    // The reload starts with no access token: the refresh cookie picks the session up.
    const signedInAgain = page.waitForResponse(
      (r) => r.url().endsWith('/core/api/v3/users/me/') && r.status() === 200,
    );
    await page.reload();
    await signedInAgain;
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // What any script on the page can read: cookies it may see and both storages.
    const readable = String(
      await page.evaluate(
        '[document.cookie, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })].join(" ")',
      ),
    );
    expect(readable).not.toMatch(/eyJ/);
    expect((await context.cookies()).find((c) => c.name === 'homeward_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/auth/api/v3/auth/token/',
    });
    await context.close();
  });

  // Last: it gives the demo customer a new password.
  it('signs tab A out as soon as someone signs in with a password texted to its owner', async () => {
    const owner = await browser.newContext();
    const tabA = await owner.newPage();
    await tabA.goto(`${t.url}/auth`);
    await signIn(tabA, '4165550103', PASSWORD);
    await tabA.waitForURL(`${t.url}/roadmap`);

    expect((await t.http().post(RESET_PATH).send({ phone_number: PHONES.customer })).status).toBe(200);
    const texted = await textedPassword(t, PHONES.customer);
    // A reset nobody has used changes nothing for the owner.
    await tabA.reload();
    await tabA.waitForURL(`${t.url}/roadmap`);

    const someoneElse = await browser.newContext();
    const tabB = await someoneElse.newPage();
    await tabB.goto(`${t.url}/auth`);
    await signIn(tabB, '4165550103', texted);
    await tabB.waitForURL(`${t.url}/auth/change-password`);

    // Tab A's session has ended: it is on the sign-in page and cannot set a password.
    await tabA.waitForURL(/\/auth(\?|$)/, { timeout: 5000 });
    await tabA.getByText('Sign in to your account').waitFor();
    await tabA.goto(`${t.url}/auth/change-password`);
    await tabA.getByText('Sign in to your account').waitFor();
    expect(await tabA.getByText('Create your password').count()).toBe(0);

    await someoneElse.close();
    await owner.close();
  });
});
