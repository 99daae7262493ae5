import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { bearer, eventually, startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Demo#2026pass';
const CHOSEN = 'Chosen#2026pass';
const NEW_BROKER = { first: 'Nora', last: 'Quinn', phone: '4165557711', email: 'nora.quinn@example.com' };

describeInBrowser('the team page', () => {
  let t: TestApp;
  let browser: Browser;
  let principal: Page;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
    principal = await (await browser.newContext()).newPage();
    await principal.goto(`${t.url}/auth`);
    await signIn(principal, '4165550100', PASSWORD);
    await principal.waitForURL(`${t.url}/dashboard`);
    await toastGone(principal, / welcome to Homeward!$/);
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Waits for a toast to show and go: it covers the top right of the page, where the user menu opens. */
  async function toastGone(page: Page, text: string | RegExp): Promise<void> {
    const toast = page.getByText(text);
    await toast.waitFor();
    await toast.waitFor({ state: 'hidden' });
  }

  /** The welcome text's one-time password, sent to a phone number. */
  function welcomePassword(phone: string): Promise<string> {
    return eventually(() => {
      const text = t.outbox.delivered.find((d) => d.to === `+1${phone}`)?.text;
      const password = text && /(\S+)$/.exec(text)?.[1];
      if (!password) throw new Error('no welcome text yet');
      return password;
    });
  }

  it('invites a broker from the user menu; they sign in with the texted password, choose their own and add a broker code', async () => {
    await principal.getByRole('button', { name: 'User menu' }).click();
    await principal.getByRole('menuitem', { name: 'Team' }).click();
    await principal.waitForURL(`${t.url}/team`);
    await principal.getByRole('button', { name: 'Invite a team member' }).click();
    await principal.getByLabel('First name').fill(NEW_BROKER.first);
    await principal.getByLabel('Last name').fill(NEW_BROKER.last);
    await principal.getByLabel('E-mail').fill(NEW_BROKER.email);
    await principal.getByLabel('Phone number').fill(NEW_BROKER.phone);
    await principal.getByRole('combobox', { name: 'Broker codes' }).fill('brx1042');
    await principal.keyboard.press('Enter');
    await principal.getByRole('button', { name: 'Send invitation' }).click();
    const row = principal.getByTestId(`member-1${NEW_BROKER.phone}`);
    await row.getByText('Invited').waitFor();
    await row.getByText('BRX1042').waitFor();
    await principal.getByText(`invited ${NEW_BROKER.first} ${NEW_BROKER.last} as broker`).waitFor();

    const broker = await (await browser.newContext()).newPage();
    await broker.goto(`${t.url}/auth`);
    await signIn(broker, NEW_BROKER.phone, await welcomePassword(NEW_BROKER.phone));
    await broker.waitForURL(/change-password/);
    await broker.getByLabel('New password', { exact: true }).fill(CHOSEN);
    await broker.getByLabel('Confirm new password').fill(CHOSEN);
    await broker.getByRole('button', { name: 'Add new password' }).click();
    await broker.waitForURL(`${t.url}/dashboard`);
    // The broker uses the user menu once the toasts over it have gone, as a person waits for them.
    await toastGone(broker, 'Your password has been successfully changed');
    await broker.getByText(/ welcome to Homeward!$/).waitFor({ state: 'hidden' });

    // The broker adds a code of their own from the user menu, after the one the invitation gave.
    await broker.getByRole('button', { name: 'User menu' }).click();
    await broker.getByRole('menuitem', { name: 'Broker codes' }).click();
    const codes = broker.getByRole('dialog', { name: 'Broker codes' });
    await codes.getByText('BRX1042').waitFor();
    await codes.getByLabel('Broker codes').fill('own55');
    await broker.keyboard.press('Enter');
    await codes.getByRole('button', { name: 'Save' }).click();
    await broker.getByText('Broker codes saved').waitFor();
    const { access } = await t.login(`1${NEW_BROKER.phone}`, CHOSEN);
    const me = await t.http().get('/core/api/v3/users/me/').set(bearer(access));
    expect(me.body.data.broker_codes).toEqual(['BRX1042', 'OWN55']);
    await broker.context().close();
  });

  it("signs a deactivated broker's open browser out within moments, and hides them from the pickers", async () => {
    const broker = await (await browser.newContext()).newPage();
    await broker.goto(`${t.url}/auth`);
    await signIn(broker, NEW_BROKER.phone, CHOSEN);
    await broker.waitForURL(`${t.url}/dashboard`);

    const row = principal.getByTestId(`member-1${NEW_BROKER.phone}`);
    await row.getByRole('button', { name: `Actions for ${NEW_BROKER.first} ${NEW_BROKER.last}` }).click();
    await principal.getByRole('menuitem', { name: 'Deactivate' }).click();
    await principal.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Deactivated').waitFor();

    // Its socket is closed by the server the moment the deactivation commits, and the page signs out.
    await broker.waitForURL(/\/auth/, { timeout: 5000 });
    await broker.context().close();
    const { access } = await t.login('14165550100');
    const brokers = await t.http().get('/core/api/v3/users/?role=broker').set(bearer(access));
    expect(brokers.body.data.map((u: { phone_number: string }) => u.phone_number)).not.toContain(
      `1${NEW_BROKER.phone}`,
    );
  });
});
