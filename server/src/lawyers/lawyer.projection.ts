import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { LAWYER_EVENT_TYPES, type LawyerRegistered, type LawyerUpdated } from './lawyer.events.js';

@Injectable()
export class LawyerProjection extends InlineProjection {
  readonly name = 'lawyers';
  readonly tables = ['lawyers'];
  readonly eventTypes = LAWYER_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    if (stored.type === 'lawyer.updated') {
      const c = (stored as StoredEvent & LawyerUpdated).data.changes;
      await tx.query(
        `UPDATE lawyers SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), email = COALESCE($4, email),
           phone_number = COALESCE($5, phone_number), company = COALESCE($6, company), address_line = COALESCE($7, address_line),
           updated_at = $8 WHERE id = $1`,
        [
          stored.streamId,
          c.firstName ?? null,
          c.lastName ?? null,
          c.email ?? null,
          c.phoneNumber ?? null,
          c.company ?? null,
          c.addressLine ?? null,
          stored.createdAt,
        ],
      );
      return;
    }
    const d = (stored as StoredEvent & LawyerRegistered).data;
    await tx.query(
      `INSERT INTO lawyers (id, first_name, last_name, email, phone_number, company, address_line, is_trusted_partner, is_internal,
         created_by_customer_id, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [
        d.lawyerId,
        d.firstName,
        d.lastName,
        d.email,
        d.phoneNumber,
        d.company,
        d.addressLine,
        d.isTrustedPartner,
        d.isInternal,
        d.createdByCustomerId,
        stored.createdAt,
      ],
    );
  }
}
