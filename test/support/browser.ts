import { describe, jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const HAS_CLIENT_BUILD = existsSync('dist/client/index.html');

/**
 * A browser test walks a whole flow (several pages, sign-ins that hash passwords), and on a fresh machine
 * the first Chromium start also builds its font cache; this bounds a hung test, it does not time one.
 */
const BROWSER_TEST_TIMEOUT_MS = 90_000;

/** `describe` when Chromium and the built client are there; otherwise the suite is skipped and says why. */
export function describeInBrowser(name: string, body: () => void): void {
  if (!HAS_CHROMIUM || !HAS_CLIENT_BUILD) {
    const why = !HAS_CHROMIUM
      ? `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`
      : 'no client build (npm run build:client)';
    console.warn(`SKIPPED browser tests "${name}": ${why}.`);
    describe.skip(name, body);
    return;
  }
  jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);
  describe(name, body);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, tenDigitPhone: string, password: string): Promise<void> {
  await page.getByLabel('Phone number').fill(tenDigitPhone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}
