import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { NO_OVERRIDE } from '../../../machines/reminders.js';
import { remindersDecider } from './reminders.decider.js';
import type { MissingDocument, ReminderEvent } from './reminders.events.js';

const customerId = 'c1';
const spec = specFor(remindersDecider);
const missing: MissingDocument[] = [{ field: 'id', caption: 'Photo ID', reason: 'Too blurry' }];
const started: ReminderEvent = {
  type: 'reminders.started',
  data: { customerId, sentAt: '2025-03-03T15:00:00.000Z' },
};
const scheduled = (number: number, at: string | null): ReminderEvent => ({
  type: 'reminder.scheduled',
  data: { customerId, number, at },
});
const send = (number: number | null, now: string, manual = false) =>
  ({ type: 'Send', customerId, recipientUserId: 'u1', manual, number, now, missing }) as const;
const sent = (number: number, sentAt: string, manual = false): ReminderEvent => ({
  type: 'reminder.sent',
  data: { customerId, recipientUserId: 'u1', number, manual, sentAt, missing },
});

describe('document reminders', () => {
  it('start with the first upload request only', () => {
    spec([]).when({ type: 'Start', customerId, sentAt: '2025-03-03T15:00:00.000Z' }).then([started]);
    spec([started]).when({ type: 'Start', customerId, sentAt: '2025-03-09T15:00:00.000Z' }).then([]);
  });

  it('record a new time only when it differs', () => {
    const at = '2025-03-05T15:00:00.000Z';
    spec([started])
      .when({ type: 'Schedule', customerId, at })
      .then([scheduled(1, at)]);
    spec([started, scheduled(1, at)])
      .when({ type: 'Schedule', customerId, at })
      .then([]);
    spec([started, scheduled(1, at)])
      .when({ type: 'Schedule', customerId, at: null })
      .then([scheduled(1, null)]);
    spec([started]).when({ type: 'Schedule', customerId, at: null }).then([]);
  });

  it('send the scheduled reminder once it is due, and only once', () => {
    const at = '2025-03-05T15:00:00.000Z';
    spec([started, scheduled(1, at)])
      .when(send(1, '2025-03-05T15:00:01.000Z'))
      .then([sent(1, '2025-03-05T15:00:01.000Z')]);
    spec([started, scheduled(1, at), sent(1, '2025-03-05T15:00:01.000Z')])
      .when(send(1, '2025-03-05T15:00:02.000Z'))
      .then([]);
  });

  it('send nothing before the time, for another number, or while paused', () => {
    const at = '2025-03-05T15:00:00.000Z';
    spec([started, scheduled(1, at)])
      .when(send(1, '2025-03-05T14:59:59.000Z'))
      .then([]);
    spec([started, scheduled(2, at)])
      .when(send(1, '2025-03-05T16:00:00.000Z'))
      .then([]);
    spec([started, scheduled(1, at), { type: 'reminders.paused', data: { customerId } }])
      .when(send(1, '2025-03-05T16:00:00.000Z'))
      .then([]);
  });

  it('send by hand at once, keeping the count of reminders on schedule', () => {
    spec([started])
      .when(send(null, '2025-03-04T12:00:00.000Z', true))
      .then([sent(0, '2025-03-04T12:00:00.000Z', true)]);
  });

  it('refuse a reminder when nothing is missing', () => {
    spec([started])
      .when({ ...send(null, '2025-03-04T12:00:00.000Z', true), missing: [] })
      .thenRefuses('nothing_missing');
  });

  it('pause and resume once each', () => {
    const paused: ReminderEvent = { type: 'reminders.paused', data: { customerId } };
    spec([started]).when({ type: 'Pause', customerId }).then([paused]);
    spec([started, paused]).when({ type: 'Pause', customerId }).then([]);
    spec([started, paused])
      .when({ type: 'Resume', customerId })
      .then([{ type: 'reminders.resumed', data: { customerId } }]);
    spec([started]).when({ type: 'Resume', customerId }).then([]);
  });

  it("record the client's own schedule when it changes", () => {
    const override = { ...NO_OVERRIDE, maxCount: 2 };
    const changed: ReminderEvent = { type: 'reminders.schedule_changed', data: { customerId, ...override } };
    spec([started]).when({ type: 'ChangeSchedule', customerId, override }).then([changed]);
    spec([started, changed]).when({ type: 'ChangeSchedule', customerId, override }).then([]);
  });
});
