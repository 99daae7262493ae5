/** Made once for every row shown: creating a formatter costs far more than using it. */
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in the product's short form, in the reader's time zone: 'Jan 05, 2026'. */
export function shortDay(date: Date): string {
  return DAY.format(date);
}

/** The product's date display (spec: 'MMM DD, YYYY hh:mm A'), in the reader's time zone: 'Jan 05, 2026 09:31 AM'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours() % 12 || 12;
  const half = date.getHours() < 12 ? 'AM' : 'PM';
  return `${shortDay(date)} ${pad(hours)}:${pad(date.getMinutes())} ${half}`;
}

/**
 * The product's date display on another clock than the reader's (the brokerage's, for what it schedules),
 * with that clock's name so no reader in another zone takes it for theirs: 'Nov 27, 2026 09:00 AM EST'.
 */
export function formatDateTimeIn(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // Made per call: it shows one time per view (the next reminder), not one per row.
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  });
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
