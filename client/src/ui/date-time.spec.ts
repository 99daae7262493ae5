import { describe, expect, it } from '@jest/globals';
import { formatDateTime, formatDateTimeIn } from './date-time';

describe('the date display', () => {
  it("reads 'MMM DD, YYYY hh:mm A' in the reader's time zone", () => {
    const morning = new Date(2026, 0, 5, 9, 31).toISOString();
    const evening = new Date(2026, 10, 25, 21, 7).toISOString();
    expect(formatDateTime(morning)).toBe('Jan 05, 2026 09:31 AM');
    expect(formatDateTime(evening)).toBe('Nov 25, 2026 09:07 PM');
  });

  it('shows noon and midnight as 12', () => {
    expect(formatDateTime(new Date(2026, 5, 1, 12, 0).toISOString())).toBe('Jun 01, 2026 12:00 PM');
    expect(formatDateTime(new Date(2026, 5, 1, 0, 5).toISOString())).toBe('Jun 01, 2026 12:05 AM');
  });

  it('shows nothing for a missing or unreadable time', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it("reads a time on the brokerage's clock in the same form, naming that clock", () => {
    expect(formatDateTimeIn('2026-11-27T14:00:00Z', 'America/Toronto')).toBe('Nov 27, 2026 09:00 AM EST');
    expect(formatDateTimeIn('2026-07-01T21:30:00Z', 'America/Vancouver')).toBe('Jul 01, 2026 02:30 PM PDT');
    expect(formatDateTimeIn('not a date', 'America/Toronto')).toBe('');
  });
});
