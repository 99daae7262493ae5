import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import {
  APPRAISER_ASSIGNMENT_EVENT_TYPES,
  type AppraiserAssignmentChanged,
  type QuoteRequested,
} from './appraiser.events.js';

/** The client's appraiser columns and the quote requests sent, for `sent_date` and `assignation_date`. */
@Injectable()
export class AppraiserAssignmentProjection extends InlineProjection {
  readonly name = 'appraiser_assignments';
  readonly tables = ['appraisal_requests'];
  readonly eventTypes = [...APPRAISER_ASSIGNMENT_EVENT_TYPES, 'appraisal.quote_requested'];

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    if (event.type === 'appraisal.quote_requested') {
      const { appraiserIds, details } = (event as StoredEvent & QuoteRequested).data;
      for (const appraiserId of appraiserIds) {
        await tx.query(
          'INSERT INTO appraisal_requests (position, customer_id, appraiser_id, details, sent_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
          [event.position, event.streamId, appraiserId, JSON.stringify(details), event.createdAt],
        );
      }
      await tx.query('UPDATE customers SET updated_at = $2, version = $3 WHERE id = $1', [
        event.streamId,
        event.createdAt,
        event.version,
      ]);
      return;
    }
    const status = event.type.slice('appraiser.'.length);
    const { appraiserId, details } = (event as StoredEvent & AppraiserAssignmentChanged).data;
    if (status === 'empty') {
      await tx.query(
        `UPDATE customers SET appraiser_id = NULL, appraiser_status = 'empty', appraisal = NULL, appraiser_assigned_at = NULL,
           updated_at = $2, version = $3 WHERE id = $1`,
        [event.streamId, event.createdAt, event.version],
      );
    } else if (status === 'pending_approve') {
      await tx.query(
        `UPDATE customers SET appraiser_id = $2, appraiser_status = 'pending_approve', appraisal = $3::jsonb, updated_at = $4, version = $5
          WHERE id = $1`,
        [event.streamId, appraiserId, JSON.stringify(details), event.createdAt, event.version],
      );
    } else {
      await tx.query(
        `UPDATE customers SET appraiser_status = 'assigned', appraiser_assigned_at = $2, updated_at = $2, version = $3 WHERE id = $1`,
        [event.streamId, event.createdAt, event.version],
      );
    }
  }
}
