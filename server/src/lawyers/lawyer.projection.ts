import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { LAWYER_EVENT_TYPES, type LawyerRegistered } from './lawyer.events.js';

@Injectable()
export class LawyerProjection extends InlineProjection {
  readonly name = 'lawyers';
  readonly tables = ['lawyers'];
  readonly eventTypes = LAWYER_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
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
