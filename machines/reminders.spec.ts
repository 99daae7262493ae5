import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_REMINDER_SCHEDULE,
  instantOf,
  intoSendingHours,
  NO_OVERRIDE,
  nextReminderAt,
  type ReminderFacts,
  wallTime,
  withinSendingHours,
} from './reminders.js';

const TORONTO = 'America/Toronto';
const facts = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  sentAt: new Date('2025-03-03T15:00:00Z'), // Monday 10:00 in Toronto (EST)
  count: 0,
  lastSentAt: null,
  paused: false,
  override: NO_OVERRIDE,
  ...over,
});
const next = (f: ReminderFacts, zone = TORONTO, now: Date | null = null) =>
  nextReminderAt(f, DEFAULT_REMINDER_SCHEDULE, zone, now)?.toISOString() ?? null;

describe('the next document reminder', () => {
  it('comes two days after the upload request, then three days after each reminder', () => {
    expect(next(facts())).toBe('2025-03-05T15:00:00.000Z');
    expect(next(facts({ count: 1, lastSentAt: new Date('2025-03-05T15:00:00Z') }))).toBe(
      '2025-03-08T15:00:00.000Z',
    );
  });

  it('is none before an upload request, while paused, or once the most are sent', () => {
    expect(next(facts({ sentAt: null }))).toBeNull();
    expect(next(facts({ paused: true }))).toBeNull();
    expect(next(facts({ count: 5, lastSentAt: new Date('2025-03-20T15:00:00Z') }))).toBeNull();
    expect(next(facts({ count: 1, override: { ...NO_OVERRIDE, maxCount: 1 } }))).toBeNull();
  });

  it("follows the client's own schedule where staff set one", () => {
    const own = facts({ override: { firstDelayDays: 1, intervalDays: null, maxCount: 2 } });
    expect(next(own)).toBe('2025-03-04T15:00:00.000Z');
    expect(next({ ...own, count: 1, lastSentAt: new Date('2025-03-04T15:00:00Z') })).toBe(
      '2025-03-07T15:00:00.000Z',
    );
  });

  it('waits for 9:00 when the time falls in the evening or at night, in the brokerage time zone', () => {
    // 20:30 in Toronto: the next morning at 9:00.
    expect(next(facts({ sentAt: new Date('2025-03-04T01:30:00Z') }))).toBe('2025-03-06T14:00:00.000Z');
    // 06:00 in Toronto: the same morning at 9:00.
    expect(next(facts({ sentAt: new Date('2025-03-03T11:00:00Z') }))).toBe('2025-03-05T14:00:00.000Z');
    // 18:59 is still within the hours; 19:00 is not.
    expect(withinSendingHours(new Date('2025-03-03T23:59:00Z'), TORONTO)).toBe(true);
    expect(withinSendingHours(new Date('2025-03-04T00:00:00Z'), TORONTO)).toBe(false);
  });

  it('reads the hours in each time zone', () => {
    const at = new Date('2025-03-03T15:00:00Z');
    expect(withinSendingHours(at, 'America/Vancouver')).toBe(false); // 07:00
    expect(intoSendingHours(at, 'America/Vancouver').toISOString()).toBe('2025-03-03T17:00:00.000Z');
    expect(withinSendingHours(at, 'America/Halifax')).toBe(true); // 11:00
    expect(intoSendingHours(at, 'Asia/Kolkata').toISOString()).toBe('2025-03-04T03:30:00.000Z'); // 20:30 → 9:00
  });

  it('keeps 9:00 local across the change to and from daylight saving time', () => {
    // Toronto springs forward on 2025-03-09: 9:00 is 14:00Z before and 13:00Z after.
    expect(intoSendingHours(new Date('2025-03-09T05:00:00Z'), TORONTO).toISOString()).toBe(
      '2025-03-09T13:00:00.000Z',
    );
    // And falls back on 2025-11-02: 9:00 is 14:00Z again.
    expect(intoSendingHours(new Date('2025-11-02T05:00:00Z'), TORONTO).toISOString()).toBe(
      '2025-11-02T14:00:00.000Z',
    );
    // A reminder at 20:00 on the Saturday before the change waits for 9:00 on the Sunday (EDT).
    expect(intoSendingHours(new Date('2025-03-09T01:00:00Z'), TORONTO).toISOString()).toBe(
      '2025-03-09T13:00:00.000Z',
    );
    expect(
      wallTime(instantOf({ year: 2025, month: 3, day: 10, hour: 9, minute: 0 }, TORONTO), TORONTO),
    ).toEqual({
      year: 2025,
      month: 3,
      day: 10,
      hour: 9,
      minute: 0,
      second: 0,
    });
  });

  it('goes out at once (within the hours) when its time passed while paused or nothing was missing', () => {
    const now = new Date('2025-03-10T16:00:00Z'); // 12:00 EDT
    expect(next(facts(), TORONTO, now)).toBe('2025-03-10T16:00:00.000Z');
    const night = new Date('2025-03-11T03:00:00Z'); // 23:00 EDT
    expect(next(facts(), TORONTO, night)).toBe('2025-03-11T13:00:00.000Z');
    // A time still to come is kept.
    expect(next(facts(), TORONTO, new Date('2025-03-04T15:00:00Z'))).toBe('2025-03-05T15:00:00.000Z');
  });
});
