import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { REMINDER_EVENT_TYPES, type ReminderEvent } from './reminders.events.js';

/**
 * `document_reminders`: one row per client whose reminders have a stream, with the next time as last
 * scheduled, how many went out, whether they are paused and the client's own schedule. Events alone make it.
 */
@Injectable()
export class RemindersProjection extends InlineProjection {
  readonly name = 'document_reminders';
  readonly tables = ['document_reminders'];
  readonly eventTypes = REMINDER_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const event = stored as unknown as ReminderEvent;
    const id = stored.streamId;
    await tx.query(
      `INSERT INTO document_reminders (customer_id, version) VALUES ($1, $2)
       ON CONFLICT (customer_id) DO UPDATE SET version = EXCLUDED.version`,
      [id, stored.version],
    );
    const set = (sql: string, values: unknown[]) =>
      tx.query(`UPDATE document_reminders SET ${sql} WHERE customer_id = $1`, [id, ...values]);
    switch (event.type) {
      case 'reminders.started':
        return void (await set('form_sent_at = $2', [event.data.sentAt]));
      case 'reminder.scheduled':
        return void (await set('next_number = $2, next_at = $3', [
          event.data.at ? event.data.number : null,
          event.data.at,
        ]));
      case 'reminder.sent':
        return void (await set('count = $2, last_sent_at = $3, next_number = NULL, next_at = NULL', [
          event.data.number,
          event.data.sentAt,
        ]));
      case 'reminders.paused':
        return void (await set('paused = true', []));
      case 'reminders.resumed':
        return void (await set('paused = false', []));
      case 'reminders.schedule_changed':
        return void (await set('first_delay_days = $2, interval_days = $3, max_count = $4', [
          event.data.firstDelayDays,
          event.data.intervalDays,
          event.data.maxCount,
        ]));
    }
  }
}
