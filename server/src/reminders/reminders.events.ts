import type { NewEvent } from '../platform/event-store/event.types.js';

/** Each client's document reminders are one stream, named by the client's id. */
export const REMINDERS_STREAM = 'document_reminders';

/** A document the client still owes: the field's caption, and for a refused file why, when the chat says. */
export interface MissingDocument {
  field: string;
  caption: string;
  /** The latest staff comment on the client's refused file of this field; null when none or no file. */
  reason: string | null;
}

/** The first upload request: reminders count from it. */
export type RemindersStarted = NewEvent<'reminders.started', { customerId: string; sentAt: string }>;
/** When the next reminder is due (null: none is, e.g. nothing missing or paused), as decided then. */
export type ReminderScheduled = NewEvent<
  'reminder.scheduled',
  { customerId: string; number: number; at: string | null }
>;
/**
 * A reminder was sent, naming what was missing. `number` counts the reminders on schedule (a reminder sent by
 * hand keeps the count it found); the messages themselves follow from this event.
 */
export type ReminderSent = NewEvent<
  'reminder.sent',
  {
    customerId: string;
    recipientUserId: string | null;
    number: number;
    manual: boolean;
    sentAt: string;
    missing: MissingDocument[];
  }
>;
export type RemindersPaused = NewEvent<'reminders.paused', { customerId: string }>;
export type RemindersResumed = NewEvent<'reminders.resumed', { customerId: string }>;
/** The client's own schedule; a null number follows the brokerage's. */
export type RemindersScheduleChanged = NewEvent<
  'reminders.schedule_changed',
  {
    customerId: string;
    firstDelayDays: number | null;
    intervalDays: number | null;
    maxCount: number | null;
  }
>;

export type ReminderEvent =
  | RemindersStarted
  | ReminderScheduled
  | ReminderSent
  | RemindersPaused
  | RemindersResumed
  | RemindersScheduleChanged;

export const REMINDER_EVENT_TYPES = [
  'reminders.started',
  'reminder.scheduled',
  'reminder.sent',
  'reminders.paused',
  'reminders.resumed',
  'reminders.schedule_changed',
] as const satisfies readonly ReminderEvent['type'][];
