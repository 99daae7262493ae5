import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { auditScreens, describeProblems } from '../../scripts/audit-web/axe-screens.js';
import { prepareDemoWorld } from '../../scripts/audit-web/demo-world.js';
import { type DemoWorld, type Role, SCREENS } from '../../scripts/audit-web/screens.js';
import { describeInBrowser, launchChromium } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ROLES: readonly Role[] = ['visitor', 'customer', 'principal broker', 'broker', 'assistant'];
/** Screens checked by one test: a dozen screens at two sizes take a few minutes on a busy machine. */
const SCREENS_PER_PART = 12;
/** Bounds a hang, with room for a machine several times slower than usual. */
const PART_TIMEOUT_MS = 600_000;

/** Each role's screens in parts of at most SCREENS_PER_PART, so no one test runs for long. */
const PARTS = ROLES.flatMap((role) => {
  const screens = SCREENS.filter((screen) => screen.role === role);
  const count = Math.ceil(screens.length / SCREENS_PER_PART);
  return Array.from({ length: count }, (_, i) => ({
    role,
    part: `${i + 1} of ${count}`,
    screens: screens.slice(i * SCREENS_PER_PART, (i + 1) * SCREENS_PER_PART),
  }));
});

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

  it('checks screens of every role', () => {
    expect(new Set(PARTS.map((p) => p.role))).toEqual(new Set(ROLES));
  });

  it.each(PARTS)(
    'has no serious or critical accessibility violation on any screen of the $role (part $part)',
    async ({ screens }) => {
      // Every page, menu and popup of the role, on a desktop and a phone.
      const results = await auditScreens(browser, t.url, world, screens);
      expect(describeProblems(results)).toEqual([]);
    },
    PART_TIMEOUT_MS,
  );
});
