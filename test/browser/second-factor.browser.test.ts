import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import type { Browser, Locator, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { DEMO_PASSWORD, openAs } from '../support/browser-world.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

const PRINCIPAL = '4165550100';
const BROKER = '4165550101';
const STEP_SECONDS = 30;

/** The 30-second step a code belongs to. */
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** The key the enrolment shows, without the spaces it is grouped by. */
async function shownKey(page: Page): Promise<string> {
  const key = await page.getByTestId('second-factor-key').textContent();
  return (key ?? '').replace(/\s+/g, '');
}

/** Scans nothing: types the app's code for the shown key, turns it on and reads the recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; step: number; recoveryCodes: string[] }> {
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = await shownKey(page);
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = await generate({ secret });
  // Read after the code is made: a step that turns in between makes the next code wait one step more,
  // never reuse the one just sent.
  const step = stepNow();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Turn on' }).click();
  return { secret, step, recoveryCodes: await shownRecoveryCodes(page) };
}

/** The recovery codes shown once, after they were made. */
async function shownRecoveryCodes(scope: Page | Locator): Promise<string[]> {
  await scope.getByText('Save these recovery codes.', { exact: false }).waitFor();
  return scope.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
}

/** A code is accepted once: the next one the app shows, after the step of the last one used. */
async function nextCode(secret: string, usedStep: number): Promise<string> {
  while (stepNow() <= usedStep) await new Promise((resolve) => setTimeout(resolve, 250));
  return generate({ secret });
}

describeInBrowser('two-factor sign-in', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60000);

  beforeEach(async () => {
    t = await startTestApp();
  }, 60000);

  afterEach(async () => {
    await t?.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a principal broker turns on two-factor sign-in from the user menu, then signs in with a code', async () => {
    const [context, page] = await openAs(browser, t, PRINCIPAL, '/dashboard');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
    const popup = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await popup.waitFor();

    const { secret, step, recoveryCodes } = await enrol(page);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    await popup.getByRole('button', { name: 'Done' }).click();
    await popup.waitFor({ state: 'hidden' });

    // It says so when opened again, with the recovery codes left.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
    await popup.getByText('Two-factor sign-in is on').waitFor();
    await popup.getByText('10 recovery codes left').waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${t.url}/auth`);

    await signIn(page, PRINCIPAL, DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    const codeField = page.getByLabel('Authentication code');
    const current = await generate({ secret });
    await codeField.fill(current === '123456' ? '654321' : '123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right. Please try again.').waitFor();
    expect(page.url()).toBe(`${t.url}/auth`);

    await codeField.fill(await nextCode(secret, step));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${t.url}/dashboard`);
    await context.close();
  }, 60000);

  it('a staff member with spent recovery codes makes ten new ones with a code from the app', async () => {
    const [context, page] = await openAs(browser, t, PRINCIPAL, '/dashboard');
    const openPopup = async () => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
    };
    const popup = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await openPopup();
    const { secret, step, recoveryCodes } = await enrol(page);
    await popup.getByRole('button', { name: 'Done' }).click();
    await popup.waitFor({ state: 'hidden' });

    await openPopup();
    await popup.getByRole('button', { name: 'New recovery codes' }).click();
    await popup.getByText('Your old recovery codes will stop working.', { exact: false }).waitFor();
    // A recovery code cannot make new ones: only the app proves the phone is at hand.
    await popup.getByLabel('Authentication code').fill(recoveryCodes[0]);
    await popup.getByRole('button', { name: 'Get new codes' }).click();
    await popup.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await popup.getByLabel('Authentication code').fill(await nextCode(secret, step));
    await popup.getByRole('button', { name: 'Get new codes' }).click();
    const fresh = await shownRecoveryCodes(popup);
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    await popup.getByRole('button', { name: 'Done' }).click();
    await popup.waitFor({ state: 'hidden' });
    await openPopup();
    await popup.getByText('10 recovery codes left').waitFor();
    await context.close();
  }, 90000);

  it('when the brokerage requires it, a broker without it is sent to set it up at sign-in', async () => {
    const [principalContext, principal] = await openAs(browser, t, PRINCIPAL, '/dashboard');
    await principal.goto(`${t.url}/settings`);
    const rule = principal.getByLabel('Require two-factor sign-in for all staff');
    // The rule holds for the principal broker too: they turn it on for themself first.
    expect(await rule.isDisabled()).toBe(true);
    await principal.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const popup = principal.getByRole('dialog', { name: 'Two-factor sign-in' });
    await enrol(principal);
    await popup.getByRole('button', { name: 'Done' }).click();
    await popup.waitFor({ state: 'hidden' });
    await rule.check();
    await principal.getByRole('button', { name: 'Save' }).click();
    await principal.getByText('Saved.', { exact: false }).waitFor();
    await principalContext.close();

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await signIn(page, BROKER, DEMO_PASSWORD);
    await page.waitForURL(`${t.url}/second-factor`);
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page
      .getByText('Your brokerage requires a code from an authenticator app at every sign-in.')
      .waitFor();

    // Other pages send them back here until it is done.
    await page.goto(`${t.url}/dashboard`);
    await page.waitForURL(`${t.url}/second-factor`);

    const { recoveryCodes } = await enrol(page);
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${t.url}/dashboard`);
    await context.close();
  }, 60000);

  it("a principal broker resets a colleague's two-factor sign-in after a lost phone; they sign in with the password alone", async () => {
    // The broker turned it on earlier, from their own browser.
    const { access } = await t.login(PHONES.broker);
    const enrolment = await t
      .http()
      .post('/core/api/v3/users/me/second_factor/enrolment/')
      .set(bearer(access));
    const { enrolment: token, secret } = enrolment.body.data as { enrolment: string; secret: string };
    const enabled = await t
      .http()
      .post('/core/api/v3/users/me/second_factor/')
      .set(bearer(access))
      .send({ enrolment: token, code: await generate({ secret }) });
    expect(enabled.body.data.recovery_codes).toHaveLength(10);

    const [context, page] = await openAs(browser, t, PRINCIPAL, '/dashboard');
    await page.goto(`${t.url}/team`);
    const row = page.getByTestId(`member-${PHONES.broker}`);
    await row.getByText('Two-factor sign-in on').waitFor();
    await row.getByRole('button', { name: 'Actions for Liam Gagnon' }).click();
    await page.getByRole('menuitem', { name: 'Reset two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in for Liam Gagnon?' });
    await dialog
      .getByText(
        'They will sign in with their password alone, or set it up again if the brokerage requires it.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await row.getByText('Two-factor sign-in on').waitFor({ state: 'detached' });
    await context.close();

    const broker = await (await browser.newContext()).newPage();
    await broker.goto(`${t.url}/auth`);
    await signIn(broker, BROKER, DEMO_PASSWORD);
    await broker.waitForURL(`${t.url}/dashboard`);
    await broker.context().close();
  }, 60000);
});
