/** One measured figure: every run's value, the baseline taken in the same run, and the target it must meet. */
export interface Figure {
  name: string;
  unit: string;
  /** One value per run. */
  values: number[];
  /** p50 / p99 latency of the median run, in ms, for load figures. */
  latency?: { p50: number; p99: number };
  baseline?: { name: string; values: number[] };
  target?: Target;
  note?: string;
  /** Some answers were not 2xx, or connections failed: the figure does not count as a pass. */
  failed?: boolean;
}

export type Target =
  | { kind: 'at_least'; value: number; description: string }
  | { kind: 'at_most'; value: number; description: string }
  | { kind: 'ratio_at_least'; value: number; description: string }
  | { kind: 'check'; pass: boolean; description: string };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function ratio(figure: Figure): number | null {
  if (!figure.baseline) return null;
  const base = median(figure.baseline.values);
  return base > 0 ? median(figure.values) / base : null;
}

export function passes(figure: Figure): boolean | null {
  const t = figure.target;
  if (!t) return null;
  const value = median(figure.values);
  switch (t.kind) {
    case 'at_least':
      return value >= t.value;
    case 'at_most':
      return value <= t.value;
    case 'ratio_at_least':
      return (ratio(figure) ?? 0) >= t.value;
    case 'check':
      return t.pass;
  }
}
