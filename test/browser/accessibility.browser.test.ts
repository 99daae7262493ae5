import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { auditScreens, describeProblems } from '../../scripts/audit-web/axe-screens.js';
import { prepareDemoWorld } from '../../scripts/audit-web/demo-world.js';
import { type DemoWorld, type Role, SCREENS } from '../../scripts/audit-web/screens.js';
import { describeInBrowser, launchChromium } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ROLES: readonly Role[] = ['visitor', 'customer', 'principal broker', 'broker', 'assistant'];
/** Each role's screens, menus and popups at two sizes take minutes on a busy machine; this bounds a hang. */
const ROLE_TIMEOUT_MS = 600_000;

describeInBrowser('accessibility in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let world: DemoWorld;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launchChromium();
    world = await prepareDemoWorld(t.url);
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each(ROLES)(
    'has no serious or critical accessibility violation on any screen of the %s',
    async (role) => {
      // Every page, menu and popup of the role, on a desktop and a phone.
      const screens = SCREENS.filter((screen) => screen.role === role);
      expect(screens.length).toBeGreaterThan(0);
      const results = await auditScreens(browser, t.url, world, screens);
      expect(describeProblems(results)).toEqual([]);
    },
    ROLE_TIMEOUT_MS,
  );
});
