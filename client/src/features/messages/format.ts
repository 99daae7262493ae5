/** A message's time in short en-US form: '1/5/26, 10:31 AM'. */
export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}
