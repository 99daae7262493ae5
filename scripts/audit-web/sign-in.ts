import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_PHONES, type Account } from './screens.js';

/** Signs a demo account in through the sign-in form, as a person would, and waits for its home page. */
export async function signInAs(page: Page, base: string, account: Account): Promise<void> {
  await page.goto(`${base}/auth`);
  await page.getByLabel('Phone number').fill(DEMO_PHONES[account]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}
