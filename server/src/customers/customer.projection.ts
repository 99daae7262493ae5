import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { Projection } from '../platform/event-store/projection.js';
import { ProjectionRegistry } from '../platform/event-store/projection.registry.js';
import { CUSTOMER_EVENT_TYPES, type CustomerEvent } from './customer.events.js';

/** The `customers` read table behind the clients list and every client screen. */
@Injectable()
export class CustomerProjection implements Projection, OnModuleInit {
  readonly name = 'customers';
  readonly tables = ['customers'];
  readonly eventTypes = CUSTOMER_EVENT_TYPES;

  constructor(private readonly registry: ProjectionRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const event = stored as StoredEvent & CustomerEvent;
    switch (event.type) {
      case 'customer.created': {
        const d = event.data;
        await tx.query(
          `INSERT INTO customers (id, typed_id, user_id, first_name, last_name, email, phone_number, status, deal_type, customer_type,
             closing_date, filogix_number, lender, address_line, broker_id, assistant_id, second_applicant_first_name,
             second_applicant_last_name, second_applicant_email, second_applicant_phone_number, created_at, updated_at, version)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$21,$22)`,
          [
            d.customerId,
            d.typedId,
            d.userId,
            d.firstName,
            d.lastName,
            d.email,
            d.phoneNumber,
            d.status,
            d.dealType,
            d.customerType,
            d.closingDate,
            d.filogixNumber,
            d.lender,
            d.addressLine,
            d.brokerId,
            d.assistantId,
            d.secondApplicant.firstName,
            d.secondApplicant.lastName,
            d.secondApplicant.email,
            d.secondApplicant.phoneNumber,
            stored.createdAt,
            stored.version,
          ],
        );
        return;
      }
    }
  }
}
