import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { auditScreens } from './axe-screens.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';
import { prepareDemoWorld } from './demo-world.js';
import { measurePages } from './lighthouse-pages.js';
import { startProduct } from './product.js';
import { renderReport } from './report.js';

const PORT = Number(process.env.AUDIT_PORT ?? 3290);
const DEBUGGING_PORT = Number(process.env.AUDIT_DEBUGGING_PORT ?? 9300);
const RESULTS = 'web-audit/RESULTS.md';

async function main(): Promise<void> {
  const started = Date.now();
  const root = process.cwd();
  const product = await startProduct(root, PORT);
  try {
    const world = await prepareDemoWorld(product.url);
    await product.idle();
    console.log(`Homeward is running at ${product.url}; Lighthouse measures its pages...`);
    const figures = await measurePages(root, product.url, world, DEBUGGING_PORT);
    console.log('axe-core checks every screen of every role...');
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')),
    });
    const results = await auditScreens(browser, product.url, world).finally(() => browser.close());
    const report = renderReport(figures, results, (Date.now() - started) / 1000);
    console.log(`\n${report}`);
    mkdirSync(join(root, 'web-audit'), { recursive: true });
    writeFileSync(join(root, RESULTS), report);
    console.log(`Written to ${RESULTS}.`);
  } finally {
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
