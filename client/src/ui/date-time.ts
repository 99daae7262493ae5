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
