import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { LAWYER_ASSIGNMENT_EVENT_TYPES, type LawyerAssignmentChanged } from './lawyer.events.js';

/** Keeps `customers.lawyer_id` and `lawyer_status` in step with the client's assignment events. */
@Injectable()
export class LawyerAssignmentProjection extends InlineProjection {
  readonly name = 'lawyer_assignments';
  readonly tables = [];
  readonly eventTypes = LAWYER_ASSIGNMENT_EVENT_TYPES;

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    const status = event.type.slice('lawyer.'.length);
    const { lawyerId } = (event as StoredEvent & LawyerAssignmentChanged).data;
    await tx.query(
      'UPDATE customers SET lawyer_id = $2, lawyer_status = $3, updated_at = $4, version = $5 WHERE id = $1',
      [event.streamId, status === 'empty' ? null : lawyerId, status, event.createdAt, event.version],
    );
  }
}
