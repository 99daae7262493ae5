import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import {
  APPRAISER_DIRECTORY_EVENT_TYPES,
  type AppraiserRegistered,
  type BankRegistered,
} from './appraiser.events.js';

/** Banks and the appraisers who work with them, by location. */
@Injectable()
export class AppraiserDirectoryProjection extends InlineProjection {
  readonly name = 'appraiser_directory';
  readonly tables = ['banks', 'appraisers'];
  readonly eventTypes = APPRAISER_DIRECTORY_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    if (stored.type === 'bank.registered') {
      const d = (stored as StoredEvent & BankRegistered).data;
      await tx.query('INSERT INTO banks (id, name) VALUES ($1, $2)', [d.bankId, d.name]);
      return;
    }
    const d = (stored as StoredEvent & AppraiserRegistered).data;
    await tx.query(
      `INSERT INTO appraisers (id, first_name, last_name, email, phone_number, locations, bank_ids, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [
        d.appraiserId,
        d.firstName,
        d.lastName,
        d.email,
        d.phoneNumber,
        JSON.stringify(d.locations),
        JSON.stringify(d.bankIds),
        stored.createdAt,
      ],
    );
  }
}
