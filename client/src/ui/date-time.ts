/** The parts of the product's date display (spec: 'MMM DD, YYYY hh:mm A') on a named clock. */
const TIME_PARTS = {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `iso` as a Date, or null for a missing or unreadable time. */
function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// On the reader's own clock the display is read from the Date's local fields rather than an Intl formatter:
// making the first formatter loads the browser's calendar data, about 15 ms of a phone's page load, for a
// format that is fixed and English anyway.

/** A day in the product's short form, in the reader's time zone: 'Jan 05, 2026'. */
export function shortDay(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${twoDigits(date.getDate())}, ${date.getFullYear()}`;
}

/** The product's date display in the reader's time zone: 'Jan 05, 2026 09:31 AM'. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const hour = date.getHours();
  return `${shortDay(date)} ${twoDigits(hour % 12 || 12)}:${twoDigits(date.getMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The product's date display on another clock than the reader's (the brokerage's, for what it schedules),
 * with that clock's name so no reader in another zone takes it for theirs: 'Nov 27, 2026 09:00 AM EST'.
 * The formatter is made per call: it shows one time per view (the next reminder), not one per row.
 */
export function formatDateTimeIn(iso: string, timeZone: string): string {
  const date = parse(iso);
  if (!date) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    ...TIME_PARTS,
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
