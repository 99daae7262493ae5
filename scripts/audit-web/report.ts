import { describeProblems, type ScreenResult } from './axe-screens.js';
import type { Category, LighthouseFigures } from './lighthouse-pages.js';
import { SCREENS, type Screen } from './screens.js';

/** The targets: each Lighthouse category's lowest passing score. */
export const TARGETS: Record<Category, number> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 100,
  seo: 95,
};

const verdict = (pass: boolean): string => (pass ? 'PASS' : 'FAIL');
const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const nameOf = (screen: { role: string; name: string }): string => `${screen.role} · ${screen.name}`;

function axeCells(results: readonly ScreenResult[]): [string, string] {
  if (results.some((r) => r.error)) return ['ERROR', 'could not be checked (see below)'];
  const elements = results.reduce(
    (sum, r) => sum + r.violations.reduce((n, v) => n + v.targets.length, 0),
    0,
  );
  const rules = [
    ...new Set(
      results.flatMap((r) =>
        r.violations.map((v) => (results.length > 1 ? `${v.rule} (${r.viewport})` : v.rule)),
      ),
    ),
  ];
  return [`${elements} ${verdict(elements === 0)}`, rules.join(', ')];
}

function lighthouseCells(figures: LighthouseFigures | undefined): string[] {
  if (!figures) return ['', '', '', '', '', ''];
  const scores = (Object.keys(TARGETS) as Category[]).map(
    (c) => `${figures.scores[c]} ${verdict(figures.scores[c] >= TARGETS[c])}`,
  );
  const budget = figures.page.scriptBudgetKB;
  return [
    ...scores,
    `${kilobytes(figures.jsGzipBytes)} of ${budget} ${verdict(figures.jsGzipBytes <= budget * 1024)}`,
    kilobytes(figures.jsBytes),
  ];
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * One row per screen: Lighthouse's scores and the JavaScript sent for the pages it measures, and the
 * serious and critical axe violations (elements, and rules) at every size the screen is checked at.
 */
export function renderReport(
  figures: readonly LighthouseFigures[],
  results: readonly ScreenResult[],
  seconds: number,
): string {
  const rows = SCREENS.map((screen: Screen) => [
    nameOf(screen),
    ...lighthouseCells(figures.find((f) => nameOf(f.page) === nameOf(screen))),
    ...axeCells(results.filter((r) => r.screen === screen)),
  ]);
  const table = markdownTable(
    [
      'Page',
      `Performance ≥ ${TARGETS.performance}`,
      `Accessibility ≥ ${TARGETS.accessibility}`,
      `Best practices = ${TARGETS['best-practices']}`,
      `SEO ≥ ${TARGETS.seo}`,
      'JS gzip of budget (KB)',
      'JS sent, brotli (KB)',
      'Axe serious+critical',
      'Axe rules',
    ],
    rows,
  );
  const lighthouseNotes = figures.flatMap((f) => f.notes.map((note) => `- ${nameOf(f.page)}: ${note}`));
  const axeNotes = describeProblems(results).map((line) => `- ${line}`);
  return [
    '# Web audit',
    '',
    `Lighthouse (mobile, default throttling) on ${figures.length} pages and axe-core on ${results.length} ` +
      `screen views, in ${Math.round(seconds)} s.`,
    '',
    table,
    '',
    '## Lighthouse: what cost points',
    '',
    ...lighthouseNotes,
    '',
    '## Axe: serious and critical violations',
    '',
    ...(axeNotes.length ? axeNotes : ['None.']),
    '',
  ].join('\n');
}
