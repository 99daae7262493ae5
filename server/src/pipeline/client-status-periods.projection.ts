import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CustomerEvent } from '../customers/customer.events.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';

/**
 * Opens the client's next stay under the broker of the open one, then closes the open one. Both are plain
 * writes (no statement whose answer is awaited), so they travel in the same trip as the append's other writes.
 * The open stay is always the client's latest, so each reaches it as the last of the client's stays by the
 * key's order: a client moved through statuses a thousand times costs a status change no more than a new one
 * (filtering the client's stays by `left_at` visited every one of them, twice per change).
 */
const OPEN_NEXT_STAY = `
  INSERT INTO client_status_periods (customer_id, entered_version, broker_id, status, entered_at)
  SELECT $1, $2, broker_id, $4, $3 FROM client_status_periods
   WHERE customer_id = $1 AND left_at IS NULL
   ORDER BY entered_version DESC LIMIT 1`;
const CLOSE_OPEN_STAY = `
  UPDATE client_status_periods SET left_at = $3
   WHERE customer_id = $1 AND left_at IS NULL
     AND entered_version = (SELECT max(entered_version) FROM client_status_periods
                             WHERE customer_id = $1 AND entered_version < $2)`;

/**
 * Each stay of a client in a status (`client_status_periods`), the Pipeline page's history: creation opens
 * the first, each status change closes the open one and opens the next. Every stay is filed under the
 * client's broker now, so a client handed over brings their history along; a deleted client leaves the
 * figures altogether, as they leave the clients list.
 */
@Injectable()
export class ClientStatusPeriodsProjection extends InlineProjection {
  readonly name = 'client_status_periods';
  readonly tables = ['client_status_periods'];
  override readonly pageIndexes = ['client_status_periods_broker_idx', 'client_status_periods_entered_idx'];
  readonly eventTypes = [
    'customer.created',
    'customer.status_changed',
    'customer.updated',
    'customer.deleted',
  ] as const satisfies readonly CustomerEvent['type'][];

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const event = stored as StoredEvent & CustomerEvent;
    const id = stored.streamId;
    switch (event.type) {
      case 'customer.created':
        await tx.query(
          `INSERT INTO client_status_periods (customer_id, entered_version, broker_id, status, entered_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [id, stored.version, event.data.brokerId, event.data.status, stored.createdAt],
        );
        return;
      case 'customer.status_changed':
        await tx.query(OPEN_NEXT_STAY, [id, stored.version, stored.createdAt, event.data.to]);
        await tx.query(CLOSE_OPEN_STAY, [id, stored.version, stored.createdAt]);
        return;
      case 'customer.updated':
        if (event.data.changes.brokerId !== undefined)
          await tx.query('UPDATE client_status_periods SET broker_id = $2 WHERE customer_id = $1', [
            id,
            event.data.changes.brokerId,
          ]);
        return;
      case 'customer.deleted':
        await tx.query('DELETE FROM client_status_periods WHERE customer_id = $1', [id]);
        return;
    }
  }
}
