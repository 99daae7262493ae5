/** The parts of the product's date display (spec: 'MMM DD, YYYY hh:mm A'). */
const DAY_PARTS = { month: 'short', day: '2-digit', year: 'numeric' } as const;
const TIME_PARTS = { ...DAY_PARTS, hour: '2-digit', minute: '2-digit', hour12: true } as const;

/**
 * A formatter made once for every row shown, since creating one costs far more than using it, and only
 * when first used: the first one made on a page loads the browser's calendar data (several milliseconds
 * on a phone), which a page that shows no date never needs.
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
}
const day = formatter(DAY_PARTS);
const readerTime = formatter(TIME_PARTS);

/** A day in the product's short form, in the reader's time zone: 'Jan 05, 2026'. */
export function shortDay(date: Date): string {
  return day().format(date);
}

/** `iso` in the product's date display as `format` reads it, or '' for a missing or unreadable time. */
function display(iso: string | null | undefined, format: Intl.DateTimeFormat): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const zone = part('timeZoneName');
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}${zone ? ` ${zone}` : ''}`;
}

/** The product's date display in the reader's time zone: 'Jan 05, 2026 09:31 AM'. */
export function formatDateTime(iso: string | null | undefined): string {
  return display(iso, readerTime());
}

/**
 * The product's date display on another clock than the reader's (the brokerage's, for what it schedules),
 * with that clock's name so no reader in another zone takes it for theirs: 'Nov 27, 2026 09:00 AM EST'.
 * The formatter is made per call: it shows one time per view (the next reminder), not one per row.
 */
export function formatDateTimeIn(iso: string, timeZone: string): string {
  return display(iso, new Intl.DateTimeFormat('en-US', { ...TIME_PARTS, timeZone, timeZoneName: 'short' }));
}
