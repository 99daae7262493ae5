import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchDebuggableChromium } from './chromium.js';
import { LIGHTHOUSE_PAGES, type DemoWorld } from './screens.js';
import { gzipSizeOf } from './script-sizes.js';
import { signInAs } from './sign-in.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  page: (typeof LIGHTHOUSE_PAGES)[number];
  /** 0–100 per category. */
  scores: Record<Category, number>;
  /** Bytes of JavaScript as they crossed the network: brotli bodies, and each answer's headers. */
  jsBytes: number;
  /** The same scripts' gzip sizes, the unit of the budgets. */
  jsGzipBytes: number;
  /** The audits that cost points: failed checks, and the performance metrics with their values. */
  notes: string[];
}

/** Where each page's whole Lighthouse report is kept, for a closer look at what a score is made of. */
export const REPORTS_DIR = 'dist/web-audit';

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'];

interface Lhr {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; displayValue?: string; details?: { items?: Record<string, unknown>[] } }
  >;
}

/** What an audit found at fault, in a few words: the elements' markup or the lines of the answer. */
function culprits(items: Record<string, unknown>[]): string {
  const found = items
    .map((item) => (item.node as { snippet?: string } | undefined)?.snippet ?? item.source ?? item.line)
    .filter((text): text is string => typeof text === 'string')
    .slice(0, 3);
  return found.length ? ` (${found.join('; ')})` : '';
}

function figuresOf(page: LighthouseFigures['page'], url: string, lhr: Lhr, root: string): LighthouseFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const jsGzipBytes = scripts.reduce((sum, r) => sum + gzipSizeOf(root, String(r.url)), 0);
  const metrics = METRICS.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`);
  const failed = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    lhr.categories[c].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}${culprits(lhr.audits[ref.id]?.details?.items ?? [])}`),
  );
  // A signed-out customer page would be measured as the sign-in page it sends to.
  const moved = lhr.finalDisplayedUrl === url ? [] : [`measured ${lhr.finalDisplayedUrl} instead`];
  const broken = lhr.runtimeError ? [`Lighthouse failed: ${lhr.runtimeError.message}`] : [];
  return {
    page,
    scores,
    jsBytes,
    jsGzipBytes,
    notes: [...broken, ...moved, `performance: ${metrics.join(', ')}`, ...failed],
  };
}

/**
 * Lighthouse with its defaults (a phone, throttled) on each page, one after the other in one Chromium:
 * the visitors' pages first, then the customer signs in through the form in that Chromium, whose
 * cookie (kept by Lighthouse, which clears every other storage) signs in the customer's pages.
 */
export async function measurePages(
  root: string,
  base: string,
  world: DemoWorld,
  debuggingPort: number,
): Promise<LighthouseFigures[]> {
  const browser = await launchDebuggableChromium(debuggingPort);
  const figures: LighthouseFigures[] = [];
  try {
    const ordered = [...LIGHTHOUSE_PAGES].sort(
      (a, b) => Number(a.role !== 'visitor') - Number(b.role !== 'visitor'),
    );
    let signedIn = false;
    for (const page of ordered) {
      if (page.role === 'customer' && !signedIn) {
        const driver = await chromium.connectOverCDP(browser.endpoint);
        const tab = await driver.contexts()[0].newPage();
        await signInAs(tab, base, 'customer');
        await tab.close();
        await driver.close();
        signedIn = true;
      }
      const url = `${base}${page.path(world)}`;
      const result = await lighthouse(url, {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(
        join(REPORTS_DIR, `${page.role}-${page.name.replace(/\W+/g, '-')}.json`),
        String(result.report),
      );
      figures.push(figuresOf(page, url, result.lhr as unknown as Lhr, root));
    }
  } finally {
    await browser.close();
  }
  return figures;
}
