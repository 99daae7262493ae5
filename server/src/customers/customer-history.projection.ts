import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { ALL_EVENTS } from '../platform/event-store/projection.registry.js';

const SECRET_KEY = /hash|password|nonce|token|secret/i;

/** An event's data as an auditor may read it: anything that looks like a secret is left out. */
export function auditableChanges(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(auditableChanges);
  if (data && typeof data === 'object') {
    return Object.fromEntries(
      Object.entries(data as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, value]) => [key, auditableChanges(value)]),
    );
  }
  return data;
}

/**
 * The event's data as the audit trail keeps it, as JSON. When no text in it looks like a secret, no key
 * can either, and the data is kept as it is without being copied; that is nearly every event.
 */
export function auditableJson(data: unknown): string {
  const json = JSON.stringify(data);
  return SECRET_KEY.test(json) ? JSON.stringify(auditableChanges(data)) : json;
}

/**
 * The audit trail of each client: every event of the client's streams (the client, their account,
 * notes, messages sent to them, and what later features file under the client), in log order.
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
      `INSERT INTO customer_history (position, customer_id, type, stream_type, stream_id, actor_id, actor_role, changes, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
      [
        event.position,
        customerId,
        event.type,
        event.streamType,
        event.streamId,
        event.metadata.actorId,
        event.metadata.actorRole,
        auditableJson(event.data),
        event.createdAt,
      ],
    );
  }
}
