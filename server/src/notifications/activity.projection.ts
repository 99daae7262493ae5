import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import {
  MESSAGE_EVENT_TYPES,
  type MessageDeliveryData,
  type MessageFailedData,
  type MessageSentData,
} from './message.events.js';

/** What a message is filed under in the event log: its subject, else the user it went to. */
export function filedUnder(d: MessageSentData): { type: string; id: string } | null {
  const type = d.relType ?? (d.recipientUserId ? 'User' : null);
  const id = d.relId ?? d.recipientUserId;
  return type && id ? { type, id } : null;
}

/**
 * The customer event log (`/events/api/v3/events/`): messages sent or given up, and sign-ins, filed under
 * the user they concern, plus the `messages_sent` table of delivered messages.
 */
@Injectable()
export class ActivityProjection extends InlineProjection {
  readonly name = 'activity';
  readonly tables = ['activity_log', 'messages_sent'];
  readonly eventTypes = [...MESSAGE_EVENT_TYPES, 'auth.logged_in', 'auth.first_login', 'reminder.sent'];

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    if (event.type === 'sms.sent' || event.type === 'email.sent') {
      const d = event.data as MessageSentData;
      await tx.query(
        `INSERT INTO messages_sent (id, channel, recipient, recipient_user_id, subject, text, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          d.messageId,
          event.type === 'sms.sent' ? 'sms' : 'email',
          d.recipient,
          d.recipientUserId,
          d.subject,
          d.text,
          event.createdAt,
        ],
      );
      const rel = filedUnder(d);
      if (rel)
        await this.log(tx, event, rel.type, rel.id, {
          recipient: d.recipient,
          subject: d.subject,
          text: d.text,
        });
      return;
    }
    if (event.type === 'sms.failed' || event.type === 'email.failed') {
      const d = event.data as MessageFailedData;
      const rel = filedUnder(d);
      if (rel) {
        const context = { recipient: d.recipient, subject: d.subject, text: d.text, reason: d.reason };
        await this.log(tx, event, rel.type, rel.id, context);
      }
      return;
    }
    if (event.type === 'sms.delivered' || event.type === 'sms.undelivered') {
      const d = event.data as MessageDeliveryData;
      const rel = filedUnder(d);
      if (rel) {
        const context = {
          recipient: d.recipient,
          subject: d.subject,
          text: d.text,
          ...(d.reason ? { reason: d.reason } : {}),
        };
        await this.log(tx, event, rel.type, rel.id, context);
      }
      return;
    }
    if (event.type === 'reminder.sent') {
      // A document reminder: what it named as missing; the text message and e-mail follow as their own lines.
      const d = event.data as {
        recipientUserId: string | null;
        manual: boolean;
        missing: { caption: string }[];
      };
      if (d.recipientUserId)
        await this.log(tx, event, 'User', d.recipientUserId, {
          recipient: '',
          subject: d.manual ? 'Document reminder (sent by staff)' : 'Document reminder',
          text: `Missing: ${d.missing.map((m) => m.caption).join(', ')}`,
        });
      return;
    }
    if (event.streamType === 'user') {
      await this.log(tx, event, 'User', event.streamId, { recipient: '', subject: '', text: '' });
    }
  }

  private async log(
    tx: EntityManager,
    event: StoredEvent,
    relType: string,
    relId: string,
    context: object,
  ): Promise<void> {
    await tx.query(
      'INSERT INTO activity_log (position, rel_type, rel_id, type, created, context) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
      [event.position, relType, relId, event.type, event.createdAt, JSON.stringify(context)],
    );
  }
}
