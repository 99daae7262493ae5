import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { ALL_EVENTS } from '../platform/event-store/projection.registry.js';
import { clientOfLawyerEvent } from '../lawyers/lawyer.events.js';

/**
 * The audit trail of each client: every event of the client's streams (the client, their account,
 * notes, messages sent to them, and what later features file under the client), in log order. An entry
 * names its event, its client, and what the trail and the bell filter on (the type and the actor); the
 * rest (what the event changed, its stream, role and time) is read from the log itself, which keeps it
 * unchanged, rather than copied here: that copy was a tenth of a rebuild's time.
 */
@Injectable()
export class CustomerHistoryProjection extends InlineProjection {
  readonly name = 'customer_history';
  readonly tables = ['customer_history'];
  override readonly pageIndexes = ['customer_history_idx', 'customer_history_type_idx'];
  override readonly uses = ['users'];
  readonly eventTypes = [ALL_EVENTS];

  private async customerOf(event: StoredEvent, tx: EntityManager): Promise<string | null> {
    if (event.streamType === 'customer') return event.streamId;
    const data = (event.data ?? {}) as {
      customerId?: unknown;
      recipientUserId?: unknown;
      relId?: unknown;
      relType?: unknown;
    };
    if (typeof data.customerId === 'string') return data.customerId;
    const lawyersClient = clientOfLawyerEvent(event);
    if (lawyersClient) return lawyersClient;
    const userId =
      event.streamType === 'user'
        ? event.streamId
        : data.relType === 'User' && typeof data.relId === 'string'
          ? data.relId
          : typeof data.recipientUserId === 'string'
            ? data.recipientUserId
            : null;
    if (!userId) return null;
    const rows: { customer_id: string | null }[] = await tx.query(
      'SELECT customer_id FROM users WHERE id = $1',
      [userId],
    );
    return rows[0]?.customer_id ?? null;
  }

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    if (event.streamType === 'session') return;
    const customerId = await this.customerOf(event, tx);
    if (!customerId) return;
    await tx.query(
      'INSERT INTO customer_history (position, customer_id, type, actor_id) VALUES ($1, $2, $3, $4)',
      [event.position, customerId, event.type, event.metadata.actorId],
    );
  }
}
