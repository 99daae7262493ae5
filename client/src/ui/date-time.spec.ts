import { describe, expect, it } from '@jest/globals';
import { formatDateTime } from './date-time';

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
});
