import type { GeneratedBrokerage } from './generate.js';

/** The password every generated account shares. */
export const BENCH_PASSWORD = 'Bench#2026pass';

/** What `prepare.ts` made, as the process that measures the product reads it. */
export interface PreparedBrokerage {
  brokerage: GeneratedBrokerage;
  /** Events/s of each rebuild, and of reading the same events from the log just before it. */
  rebuildRates: number[];
  readRates: number[];
}
