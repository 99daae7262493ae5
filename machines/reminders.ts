/**
 * When a client who still owes documents is reminded: a first reminder some days after the upload request,
 * then one every few days, up to a number of them, and only between 9:00 and 19:00 where the brokerage is.
 * Pure: the server schedules with it and the client shows what it answers.
 */

export interface ReminderSchedule {
  /** Days from the upload request to the first reminder. */
  firstDelayDays: number;
  /** Days between reminders. */
  intervalDays: number;
  /** How many reminders are sent at most (reminders sent by hand are not counted). */
  maxCount: number;
}

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  firstDelayDays: 2,
  intervalDays: 3,
  maxCount: 5,
};

/** The bounds a schedule's numbers must keep, on the brokerage and on each client. */
export const REMINDER_LIMITS = {
  firstDelayDays: { min: 0, max: 60 },
  intervalDays: { min: 1, max: 60 },
  maxCount: { min: 0, max: 20 },
} as const satisfies Record<keyof ReminderSchedule, { min: number; max: number }>;

/** Reminders go out from 9:00 until before 19:00, local time of the brokerage. */
export const SENDING_HOURS = { from: 9, until: 19 } as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What is known of one client's reminders. */
export interface ReminderFacts {
  /** When the upload request that started the reminders was sent; null while none was. */
  sentAt: Date | null;
  /** Reminders sent on schedule so far. */
  count: number;
  /** The latest reminder, on schedule or by hand. */
  lastSentAt: Date | null;
  paused: boolean;
  /** The client's own schedule, where staff changed it (null: the brokerage's). */
  override: { [K in keyof ReminderSchedule]: number | null };
}

export const NO_OVERRIDE: ReminderFacts['override'] = {
  firstDelayDays: null,
  intervalDays: null,
  maxCount: null,
};

/** The client's schedule: each number their own where staff set it, else the brokerage's. */
export function effectiveSchedule(
  brokerage: ReminderSchedule,
  override: ReminderFacts['override'],
): ReminderSchedule {
  return {
    firstDelayDays: override.firstDelayDays ?? brokerage.firstDelayDays,
    intervalDays: override.intervalDays ?? brokerage.intervalDays,
    maxCount: override.maxCount ?? brokerage.maxCount,
  };
}

/** Whether a number is a whole number within the bounds of that schedule setting. */
export function isReminderSetting(key: keyof ReminderSchedule, value: unknown): value is number {
  const { min, max } = REMINDER_LIMITS[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall-clock time at an instant in a time zone. */
export function wallTime(at: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

function offsetMs(at: Date, timeZone: string): number {
  const w = wallTime(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time happens in a time zone (the later reading across a DST change). */
export function instantOf(
  wall: Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute'>,
  timeZone: string,
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = guess - offsetMs(new Date(guess), timeZone);
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

/** Whether an instant falls within the sending hours in the time zone. */
export function withinSendingHours(at: Date, timeZone: string): boolean {
  const { hour } = wallTime(at, timeZone);
  return hour >= SENDING_HOURS.from && hour < SENDING_HOURS.until;
}

/** The instant itself when it is within sending hours, else the next start of them (9:00 local). */
export function intoSendingHours(at: Date, timeZone: string): Date {
  if (withinSendingHours(at, timeZone)) return at;
  const w = wallTime(at, timeZone);
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day + (w.hour >= SENDING_HOURS.until ? 1 : 0)));
  return instantOf(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: SENDING_HOURS.from,
      minute: 0,
    },
    timeZone,
  );
}

/**
 * When the next reminder is due, or null when none is (no upload request yet, paused, or as many sent as
 * the schedule allows). The first comes `firstDelayDays` after the request, each later one `intervalDays`
 * after the latest reminder; a time that has already passed (reminders resumed, a document refused after
 * the time) becomes `now`. Either way it is moved into the sending hours.
 */
export function nextReminderAt(
  facts: ReminderFacts,
  brokerage: ReminderSchedule,
  timeZone: string,
  now: Date | null = null,
  dayMs = DAY_MS,
): Date | null {
  if (!facts.sentAt || facts.paused) return null;
  const schedule = effectiveSchedule(brokerage, facts.override);
  if (facts.count >= schedule.maxCount) return null;
  const nominal = facts.lastSentAt
    ? facts.lastSentAt.getTime() + schedule.intervalDays * dayMs
    : facts.sentAt.getTime() + schedule.firstDelayDays * dayMs;
  const at = now && now.getTime() > nominal ? now.getTime() : nominal;
  return intoSendingHours(new Date(at), timeZone);
}
