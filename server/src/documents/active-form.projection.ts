import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { ACTIVE_FORM_EVENT_TYPES } from './active-form.decider.js';

/**
 * A form opened on the client's stream moves the stream's version, and the client's `version` (sent back
 * with edits) is that version; nothing else about the client changes.
 */
@Injectable()
export class ActiveFormProjection extends InlineProjection {
  readonly name = 'active_forms';
  readonly tables = [];
  override readonly uses = ['customers'];
  readonly eventTypes = ACTIVE_FORM_EVENT_TYPES;

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    await tx.query('UPDATE customers SET version = $2 WHERE id = $1', [event.streamId, event.version]);
  }
}
