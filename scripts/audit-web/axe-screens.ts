import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { SCREENS, VIEWPORT_SIZES, type DemoWorld, type Role, type Screen, type Viewport } from './screens.js';
import { signInAs } from './sign-in.js';

/** One serious or critical axe violation: its rule and the elements that break it. */
export interface Violation {
  rule: string;
  impact: string;
  targets: string[];
}

export interface ScreenResult {
  screen: Screen;
  viewport: Viewport;
  violations: Violation[];
  /** Why the screen could not be checked, when it could not. */
  error?: string;
}

const BLOCKING = new Set(['serious', 'critical']);
const SESSIONS_AT_ONCE = 3;

/** What settling reads in the page (this file is compiled without the DOM's types). */
interface PageGlobals {
  document: {
    querySelector(selector: string): unknown;
    getAnimations(): { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null }[];
  };
}

// Loading placeholders (skeletons, a part's loader while its code arrives) and opening transitions are
// not what a person reads: axe would measure the contrast of half-faded text. Endless animations
// (spinners) never settle and are not waited for.
async function settle(page: Page): Promise<void> {
  await page.locator('h1, h2, [role=dialog]').first().waitFor();
  await page.waitForTimeout(150);
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as PageGlobals;
    return (
      !document.querySelector('.mantine-Skeleton-root, [role=status] .mantine-Loader-root') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)
    );
  });
}

/** The colours axe measured, so a contrast failure says which pair of colours to change. */
function contrastOf(data: unknown): string {
  const measured = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
  if (!measured?.fgColor || !measured.bgColor) return '';
  return ` (${measured.fgColor} on ${measured.bgColor}, ${measured.contrastRatio}:1)`;
}

/**
 * Runs axe once what it is to check is on the page. A menu item that opens a dialog closes the menu before
 * the dialog (whose code loads with the first one opened) is shown: between the two there is nothing to
 * check, so axe is asked again for a few seconds.
 */
async function analyzeWhenShown(page: Page, axe: AxeBuilder) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await axe.analyze();
    } catch (error) {
      if (attempt >= 20 || !/No elements found for include/.test((error as Error).message)) throw error;
      await page.waitForTimeout(250);
    }
  }
}

async function violationsOf(page: Page, within: string | undefined): Promise<Violation[]> {
  // Only violations are read: leaving out the passes spares describing every checked element. Target size
  // (WCAG 2.2: 24 px, or room around a smaller target) is off in axe by default; phones are half our users.
  const axe = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    rules: { 'target-size': { enabled: true } },
  });
  const results = await analyzeWhenShown(page, within ? axe.include(within) : axe);
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((node) => node.target.join(' ') + contrastOf(node.any[0]?.data)),
    }));
}

/** Checks the screens of one role at one size, in one signed-in browser context. */
async function auditSession(
  browser: Browser,
  base: string,
  world: DemoWorld,
  role: Role,
  viewport: Viewport,
  screens: readonly Screen[],
): Promise<ScreenResult[]> {
  const context = await browser.newContext({ viewport: VIEWPORT_SIZES[viewport] });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const results: ScreenResult[] = [];
  try {
    if (role !== 'visitor') await signInAs(page, base, role);
    for (const screen of screens) {
      try {
        await page.goto(`${base}${screen.path(world)}`);
        await settle(page);
        if (screen.open) {
          await screen.open(page, world);
          // A dialog's code loads with the first one opened: check it once it is there.
          if (screen.within) await page.locator(screen.within).first().waitFor({ state: 'visible' });
          await settle(page);
        }
        results.push({ screen, viewport, violations: await violationsOf(page, screen.within) });
      } catch (error) {
        results.push({ screen, viewport, violations: [], error: (error as Error).message.split('\n')[0] });
      }
    }
  } finally {
    await context.close();
  }
  return results;
}

/** Runs axe on every screen at each of its sizes; the answer is in the order of the screens. */
export async function auditScreens(
  browser: Browser,
  base: string,
  world: DemoWorld,
  screens: readonly Screen[] = SCREENS,
): Promise<ScreenResult[]> {
  const sessions = [...new Set(screens.map((s) => s.role))].flatMap((role) =>
    (['desktop', 'phone'] as const).map((viewport) => ({
      role,
      viewport,
      screens: screens.filter((s) => s.role === role && s.viewports.includes(viewport)),
    })),
  );
  const results: ScreenResult[] = [];
  const waiting = sessions.filter((s) => s.screens.length > 0);
  const worker = async (): Promise<void> => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      results.push(...(await auditSession(browser, base, world, next.role, next.viewport, next.screens)));
    }
  };
  await Promise.all(Array.from({ length: SESSIONS_AT_ONCE }, worker));
  const order = (r: ScreenResult) => screens.indexOf(r.screen) * 2 + (r.viewport === 'desktop' ? 0 : 1);
  return results.sort((a, b) => order(a) - order(b));
}

/** One line per problem: the screen, its size, and each broken rule with the elements breaking it. */
export function describeProblems(results: readonly ScreenResult[]): string[] {
  return results.flatMap((r) => {
    const where = `${r.screen.role} · ${r.screen.name} (${r.viewport})`;
    if (r.error) return [`${where}: could not be checked: ${r.error}`];
    return r.violations.map((v) => `${where}: ${v.rule} (${v.impact}) at ${v.targets.join(', ')}`);
  });
}
