import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import type { QuoteRequested } from './appraiser.events.js';

/** The quote requests sent for a client, one row an appraiser, for `sent_date`. */
@Injectable()
export class AppraisalRequestsProjection extends InlineProjection {
  readonly name = 'appraisal_requests';
  readonly tables = ['appraisal_requests'];
  override readonly uses = ['customers'];
  readonly eventTypes = ['appraisal.quote_requested'];

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
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
  }
}
