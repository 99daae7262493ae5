import os from 'node:os';
import { type Figure, median, passes, ratio } from './figures.js';

const format = (value: number): string =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 0 }) : '-';

const spread = (values: number[]): string =>
  values.length === 0
    ? '-'
    : `${format(Math.min(...values))} / ${format(median(values))} / ${format(Math.max(...values))}`;

/** The results as one Markdown table: min/median/max over the runs, the baseline, the ratio and the verdict. */
export function resultsTable(
  figures: Figure[],
  meta: { clients: number; events: number; runs: number; seconds: number },
): string {
  const rows = figures.map((f) => {
    const verdict = passes(f);
    const r = ratio(f);
    return [
      f.name,
      `${spread(f.values)} ${f.unit}`,
      f.latency ? `${format(f.latency.p50)} / ${format(f.latency.p99)}` : '',
      f.baseline ? `${f.baseline.name}: ${spread(f.baseline.values)}` : '',
      r === null ? '' : r.toFixed(2),
      f.target ? `${verdict ? 'PASS' : 'FAIL'} (${f.target.description})` : '',
      f.note ?? '',
    ];
  });
  const header = [
    'figure',
    'min / median / max',
    'p50 / p99 ms',
    'baseline (same run)',
    'ratio',
    'target',
    'note',
  ];
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [
    `# Bench results`,
    '',
    `${meta.clients.toLocaleString('en-US')} clients, ${meta.events.toLocaleString('en-US')} events; ` +
      `${meta.runs} runs of ${meta.seconds} s per figure; ${os.cpus().length} cores, Node ${process.version}; ` +
      `${new Date().toISOString().slice(0, 10)}.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '',
  ].join('\n');
}
