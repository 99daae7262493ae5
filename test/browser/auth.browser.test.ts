import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { describeInBrowser, launchChromium, signIn } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Demo#2026pass';

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

  it.each([
    ['principal broker', '4165550100', '/dashboard', 'Olivia Tremblay'],
    ['broker', '4165550101', '/dashboard', 'Liam Gagnon'],
    ['assistant', '4165550102', '/dashboard', 'Chloe Roy'],
    ['customer', '4165550103', '/roadmap', 'Emma Wilson'],
  ])('signs in the demo %s and lands on their home route', async (_role, phone, home, name) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/auth`);
    await expect(page.getByText('Sign in to your account')).toBeTruthy();
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
});
