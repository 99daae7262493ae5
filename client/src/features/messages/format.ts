/** Made once: a formatter costs far more to create than to use, and lists format a time per row. */
const SHORT = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** A message's time in short en-US form: '1/5/26, 10:31 AM'. */
export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return SHORT.format(date);
}
