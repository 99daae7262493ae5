import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { SESSION_EVENT_TYPES, type SessionEvent } from './session.events.js';

@Injectable()
export class SessionProjection extends InlineProjection {
  readonly name = 'refresh_sessions';
  readonly tables = ['refresh_sessions'];
  readonly eventTypes = SESSION_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const event = stored as StoredEvent & SessionEvent;
    const id = stored.streamId;
    switch (event.type) {
      case 'session.started':
        await tx.query(
          `INSERT INTO refresh_sessions (id, user_id, token_hash, revoked, created_at, rotated_at, version)
           VALUES ($1, $2, $3, false, $4, $4, $5)`,
          [id, event.data.userId, event.data.tokenHash, stored.createdAt, stored.version],
        );
        return;
      case 'session.rotated':
        await tx.query(
          'UPDATE refresh_sessions SET token_hash = $2, rotated_at = $3, version = $4 WHERE id = $1',
          [id, event.data.tokenHash, stored.createdAt, stored.version],
        );
        return;
      case 'session.revoked':
        await tx.query(
          'UPDATE refresh_sessions SET revoked = true, revoked_reason = $2, version = $3 WHERE id = $1',
          [id, event.data.reason, stored.version],
        );
        return;
    }
  }
}
