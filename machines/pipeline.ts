import type { CustomerStatus } from './customer.enums.js';

/** Weeks the Pipeline page shows clients entering each status: the current week and the 11 before it. */
export const PIPELINE_WEEKS = 12;

/** Median and 90th percentile of a number of days, over `count` clients or periods (null when none). */
export interface DaysSpread {
  count: number;
  median_days: number | null;
  p90_days: number | null;
}

export interface PipelineStatusFigures {
  status: CustomerStatus;
  /** Clients in this status now. */
  now: number;
  /** Clients entering this status in each week of `weeks`, oldest first. */
  entered: number[];
  /** Days spent in this status, over the stays that have ended with a status change. */
  days_in_status: DaysSpread;
}

export interface PipelineBrokerFigures {
  broker_id: string | null;
  /** The broker's name; 'No broker' for clients without one. */
  broker_name: string;
  /** Enabled fields of active forms with no checked file. */
  outstanding_fields: number;
  /** Clients with at least one such field. */
  outstanding_clients: number;
  /** Files of active forms waiting for review. */
  waiting_files: number;
}

export interface PipelineFigures {
  /** The broker whose clients are counted; null for the whole brokerage. */
  broker_id: string | null;
  time_zone: string;
  generated_at: string;
  /** The first day (a Monday, in the brokerage's time zone) of each week counted, oldest first. */
  weeks: string[];
  statuses: PipelineStatusFigures[];
  /** Days from a client's creation to their first 'funded'. */
  to_funded: DaysSpread;
  documents_waiting: {
    files: number;
    /** When the file waiting longest entered review. */
    oldest_since: string | null;
    oldest_days: number | null;
  };
  brokers: PipelineBrokerFigures[];
}

const DAY_MS = 86_400_000;

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Moves a calendar date by whole days (calendar arithmetic: no time zone or daylight saving involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday starting the week (Monday to Sunday) of a calendar date. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The week an instant falls in, as the brokerage's calendar has it: the Monday starting it. */
export function weekOf(instant: Date, timeZone: string): string {
  return weekStart(localDate(instant, timeZone));
}

/** The Mondays of the last `count` weeks up to the one holding `now`, oldest first. */
export function lastWeeks(now: Date, timeZone: string, count = PIPELINE_WEEKS): string[] {
  const current = weekOf(now, timeZone);
  return Array.from({ length: count }, (_, i) => addDays(current, -7 * (count - 1 - i)));
}

/**
 * The p-th percentile (0 to 1) of values by linear interpolation between the closest ranks, as
 * PostgreSQL's percentile_cont; null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/** Days as the page shows them: one decimal. */
export function roundDays(days: number | null): number | null {
  return days === null ? null : Math.round(days * 10) / 10;
}

/** The CSV columns of the page's figures. */
export const PIPELINE_CSV_COLUMNS = ['figure', 'status', 'week', 'broker', 'value'] as const;

/**
 * Every figure of the page as one CSV row each: counts now and per week by status, the spreads in days,
 * the documents waiting, and the outstanding documents per broker.
 */
export function pipelineCsvRows(f: PipelineFigures): (string | number)[][] {
  const rows: (string | number)[][] = [];
  const cell = (value: number | null) => (value === null ? '' : value);
  for (const s of f.statuses) rows.push(['clients_now', s.status, '', '', s.now]);
  for (const s of f.statuses)
    s.entered.forEach((n, i) => rows.push(['clients_entered', s.status, f.weeks[i], '', n]));
  for (const s of f.statuses) {
    rows.push(['stays_ended', s.status, '', '', s.days_in_status.count]);
    rows.push(['days_in_status_median', s.status, '', '', cell(s.days_in_status.median_days)]);
    rows.push(['days_in_status_p90', s.status, '', '', cell(s.days_in_status.p90_days)]);
  }
  rows.push(['clients_funded', '', '', '', f.to_funded.count]);
  rows.push(['days_to_funded_median', '', '', '', cell(f.to_funded.median_days)]);
  rows.push(['days_to_funded_p90', '', '', '', cell(f.to_funded.p90_days)]);
  rows.push(['documents_waiting', '', '', '', f.documents_waiting.files]);
  rows.push(['oldest_wait_days', '', '', '', cell(f.documents_waiting.oldest_days)]);
  for (const b of f.brokers) {
    rows.push(['outstanding_fields', '', '', b.broker_name, b.outstanding_fields]);
    rows.push(['outstanding_clients', '', '', b.broker_name, b.outstanding_clients]);
    rows.push(['waiting_files', '', '', b.broker_name, b.waiting_files]);
  }
  return rows;
}
