import { describe, expect, it } from '@jest/globals';
import { addDays, lastWeeks, localDate, percentile, roundDays, weekOf, weekStart } from './pipeline.js';

describe('pipeline weeks', () => {
  it('starts a week on Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // the Sunday before
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // across a year
  });

  it("buckets an instant by the brokerage's calendar, not UTC's", () => {
    // Monday 03:00 UTC is still Sunday evening in Toronto, already Monday in London.
    const instant = new Date('2026-11-23T03:00:00Z');
    expect(localDate(instant, 'America/Toronto')).toBe('2026-11-22');
    expect(weekOf(instant, 'America/Toronto')).toBe('2026-11-16');
    expect(weekOf(instant, 'Europe/London')).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-23T05:00:00Z'), 'America/Toronto')).toBe('2026-11-23');
  });

  it('keeps whole calendar days across daylight saving changes', () => {
    expect(addDays('2026-11-02', -7)).toBe('2026-10-26');
    expect(addDays('2026-03-09', -7)).toBe('2026-03-02');
  });

  it('lists the last 12 weeks, oldest first, ending with the current one', () => {
    const weeks = lastWeeks(new Date('2026-11-25T15:00:00Z'), 'America/Toronto');
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-09-07');
    expect(lastWeeks(new Date('2026-11-25T15:00:00Z'), 'America/Toronto', 2)).toEqual([
      '2026-11-16',
      '2026-11-23',
    ]);
  });
});

describe('percentiles', () => {
  it('interpolates between the closest ranks, as percentile_cont', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([4], 0.9)).toBe(4);
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([0, 10], 0.9)).toBeCloseTo(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1);
  });

  it('rounds days to one decimal', () => {
    expect(roundDays(2.449)).toBe(2.4);
    expect(roundDays(2.45001)).toBe(2.5);
    expect(roundDays(null)).toBeNull();
  });
});
