import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { initialSteps } from '../../../machines/customer.enums.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { CUSTOMER_EVENT_TYPES, type CustomerChanges, type CustomerEvent } from './customer.events.js';

const COLUMNS: Record<Exclude<keyof CustomerChanges, 'secondApplicant'>, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone_number',
  dealType: 'deal_type',
  customerType: 'customer_type',
  closingDate: 'closing_date',
  filogixNumber: 'filogix_number',
  lender: 'lender',
  addressLine: 'address_line',
  brokerId: 'broker_id',
  assistantId: 'assistant_id',
};

/** The `customers` read table behind the clients list and every client screen. */
@Injectable()
export class CustomerProjection extends InlineProjection {
  readonly name = 'customers';
  readonly tables = ['customers'];
  readonly eventTypes = CUSTOMER_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const event = stored as StoredEvent & CustomerEvent;
    const id = stored.streamId;
    switch (event.type) {
      case 'customer.created': {
        const d = event.data;
        await tx.query(
          `INSERT INTO customers (id, typed_id, user_id, first_name, last_name, email, phone_number, status, deal_type, customer_type,
             closing_date, filogix_number, lender, address_line, broker_id, assistant_id, second_applicant_first_name,
             second_applicant_last_name, second_applicant_email, second_applicant_phone_number, steps, folder_name,
             created_at, updated_at, version)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21::jsonb,$22,$23,$23,$24)`,
          [
            id,
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
            JSON.stringify(d.steps ?? initialSteps()),
            d.filogixNumber,
            stored.createdAt,
            stored.version,
          ],
        );
        return;
      }
      case 'customer.updated': {
        const sets: string[] = [];
        const values: unknown[] = [];
        const set = (column: string, value: unknown): void => {
          values.push(value);
          sets.push(`${column} = $${values.length + 3}`);
        };
        for (const [key, value] of Object.entries(event.data.changes)) {
          if (key === 'secondApplicant') {
            const second = value as NonNullable<CustomerChanges['secondApplicant']>;
            set('second_applicant_first_name', second.firstName);
            set('second_applicant_last_name', second.lastName);
            set('second_applicant_email', second.email);
            set('second_applicant_phone_number', second.phoneNumber);
          } else set(COLUMNS[key as keyof typeof COLUMNS], value);
        }
        const folder = event.data.folder;
        if (folder) {
          set('folder_name', folder.to);
          if (folder.choice === 'create_folder' && folder.from) {
            values.push(JSON.stringify([folder.from]));
            sets.push(`archived_folders = archived_folders || $${values.length + 3}::jsonb`);
          }
        }
        await this.touch(tx, stored, sets.join(', '), values);
        return;
      }
      case 'customer.status_changed':
        await this.touch(tx, stored, 'status = $4', [event.data.to]);
        return;
      case 'customer.review_requested':
        await this.touch(tx, stored, 'is_review_requested = true, review_requested_at = $4', [
          event.data.requestedAt,
        ]);
        return;
      case 'customer.steps_changed':
        await this.touch(tx, stored, 'steps = $4::jsonb', [JSON.stringify(event.data.steps)]);
        return;
      case 'customer.notification_requested':
        await this.touch(tx, stored, '', []);
        return;
      case 'customer.deleted':
        await tx.query('DELETE FROM customers WHERE id = $1', [id]);
        return;
    }
  }

  private async touch(
    tx: EntityManager,
    stored: StoredEvent,
    sets: string,
    values: unknown[],
  ): Promise<void> {
    const assignments = ['updated_at = $2', 'version = $3', ...(sets ? [sets] : [])].join(', ');
    await tx.query(`UPDATE customers SET ${assignments} WHERE id = $1`, [
      stored.streamId,
      stored.createdAt,
      stored.version,
      ...values,
    ]);
  }
}
