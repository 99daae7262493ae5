import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { UPDATE_READS_EVENT_TYPES, type UpdatesMarkedRead } from './update-reads.js';

/** `update_reads`: how far each user has looked at their clients' updates. */
@Injectable()
export class UpdateReadsProjection extends InlineProjection {
  readonly name = 'update_reads';
  readonly tables = ['update_reads'];
  readonly eventTypes = UPDATE_READS_EVENT_TYPES;

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    const { userId, upToPosition } = (event as unknown as UpdatesMarkedRead).data;
    await tx.query(
      `INSERT INTO update_reads (user_id, read_up_to) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET read_up_to = GREATEST(update_reads.read_up_to, EXCLUDED.read_up_to)`,
      [userId, upToPosition],
    );
  }
}
