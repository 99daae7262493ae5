import { NO_OVERRIDE, type ReminderFacts } from '../../../machines/reminders.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { MissingDocument, ReminderEvent } from './reminders.events.js';

export interface RemindersState {
  customerId: string | null;
  facts: ReminderFacts;
  /** The next reminder as last scheduled: its number and time, or null when none is due. */
  scheduled: { number: number; at: string } | null;
}

export type RemindersCommand =
  | { type: 'Start'; customerId: string; sentAt: string }
  | { type: 'Schedule'; customerId: string; at: string | null }
  /**
   * Sends a reminder: on schedule it must be the one scheduled (`number`, at or before `now`), by hand it is
   * sent at once. Either way something must be missing.
   */
  | {
      type: 'Send';
      customerId: string;
      recipientUserId: string | null;
      manual: boolean;
      number: number | null;
      now: string;
      missing: MissingDocument[];
    }
  | { type: 'Pause'; customerId: string }
  | { type: 'Resume'; customerId: string }
  | { type: 'ChangeSchedule'; customerId: string; override: ReminderFacts['override'] };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A client's document reminders: started by the first upload request, then scheduled, sent, paused,
 * resumed or given their own schedule. Sending on schedule checks the number it was scheduled as, so of
 * two runs of the same reminder (a retried job, a second instance) only the first sends.
 */
export const remindersDecider: Decider<RemindersState, RemindersCommand, ReminderEvent> = {
  initialState: () => ({
    customerId: null,
    facts: { sentAt: null, count: 0, lastSentAt: null, paused: false, override: NO_OVERRIDE },
    scheduled: null,
  }),

  evolve(state, event) {
    const facts = state.facts;
    switch (event.type) {
      case 'reminders.started':
        return {
          ...state,
          customerId: event.data.customerId,
          facts: { ...facts, sentAt: new Date(event.data.sentAt) },
        };
      case 'reminder.scheduled':
        return {
          ...state,
          scheduled: event.data.at ? { number: event.data.number, at: event.data.at } : null,
        };
      case 'reminder.sent':
        return {
          ...state,
          customerId: event.data.customerId,
          facts: { ...facts, count: event.data.number, lastSentAt: new Date(event.data.sentAt) },
          scheduled: null,
        };
      case 'reminders.paused':
        return { ...state, customerId: event.data.customerId, facts: { ...facts, paused: true } };
      case 'reminders.resumed':
        return { ...state, facts: { ...facts, paused: false } };
      case 'reminders.schedule_changed': {
        const { firstDelayDays, intervalDays, maxCount } = event.data;
        return {
          ...state,
          customerId: event.data.customerId,
          facts: { ...facts, override: { firstDelayDays, intervalDays, maxCount } },
        };
      }
    }
  },

  decide(command, state) {
    const { facts } = state;
    const customerId = command.customerId;
    switch (command.type) {
      case 'Start':
        return facts.sentAt
          ? []
          : [{ type: 'reminders.started', data: { customerId, sentAt: command.sentAt } }];
      case 'Schedule': {
        const number = facts.count + 1;
        const now = state.scheduled;
        if (command.at === null ? now === null : now?.at === command.at && now.number === number) return [];
        if (command.at === null && !facts.sentAt) return [];
        return [{ type: 'reminder.scheduled', data: { customerId, number, at: command.at } }];
      }
      case 'Send': {
        if (command.missing.length === 0)
          throw DomainError.conflict(
            'nothing_missing',
            'Every requested document is in; no reminder is needed.',
          );
        if (!command.manual) {
          const due = state.scheduled;
          if (facts.paused || !due || due.number !== command.number || due.at > command.now) return [];
        }
        return [
          {
            type: 'reminder.sent',
            data: {
              customerId,
              recipientUserId: command.recipientUserId,
              number: command.manual ? facts.count : facts.count + 1,
              manual: command.manual,
              sentAt: command.now,
              missing: command.missing,
            },
          },
        ];
      }
      case 'Pause':
        return facts.paused ? [] : [{ type: 'reminders.paused', data: { customerId } }];
      case 'Resume':
        return facts.paused ? [{ type: 'reminders.resumed', data: { customerId } }] : [];
      case 'ChangeSchedule':
        return same(command.override, facts.override)
          ? []
          : [{ type: 'reminders.schedule_changed', data: { customerId, ...command.override } }];
    }
  },
};
