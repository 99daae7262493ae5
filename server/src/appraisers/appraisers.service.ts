import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { DomainError } from '../platform/domain/domain-error.js';
import {
  appraiserAssignmentDecider,
  type AppraiserAssignmentCommand,
} from './appraiser-assignment.decider.js';
import type { QuoteRequestDetails } from './appraiser.events.js';

export interface AppraiserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  locations: string[];
  banks: string[];
  sent_date: Date | null;
  assignation_date: Date | null;
}

/** Banks and appraisers, and a client's appraiser: quote requests and the assignment life cycle. */
@Injectable()
export class AppraisersService {
  constructor(
    private readonly customers: CustomersService,
    private readonly events: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  banks(search: string, offset: number, limit: number): Promise<{ id: string; name: string }[]> {
    return this.dataSource.query(
      'SELECT id, name FROM banks WHERE lower(name) LIKE $1 ORDER BY name LIMIT $2 OFFSET $3',
      [`%${search.toLowerCase()}%`, limit, offset],
    );
  }

  /**
   * Appraisers in a location (partial, any case) working with a bank (by name), with when this client's
   * quote request went to each and when one was assigned. A customer sees only the appraiser chosen for them.
   */
  async forClient(
    caller: Caller,
    customerId: string,
    location: string,
    bank: string,
  ): Promise<AppraiserRow[]> {
    const client = await this.customers.visible(caller, customerId);
    const params: unknown[] = [customerId, `%${location.trim().toLowerCase()}%`, bank.trim().toLowerCase()];
    const only =
      caller.role === 'customer' ? (params.push(client.appraiser_id), `AND a.id = $${params.length}`) : '';
    return this.dataSource.query(
      `SELECT a.id, a.first_name, a.last_name, a.email, a.phone_number, a.locations,
              COALESCE((SELECT json_agg(b.name ORDER BY b.name) FROM banks b WHERE a.bank_ids ? b.id::text), '[]'::json) AS banks,
              (SELECT MAX(r.sent_at) FROM appraisal_requests r WHERE r.customer_id = $1 AND r.appraiser_id = a.id) AS sent_date,
              (SELECT c.appraiser_assigned_at FROM customers c WHERE c.id = $1 AND c.appraiser_id = a.id) AS assignation_date
         FROM appraisers a
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.locations) l WHERE lower(l) LIKE $2)
          AND ($3 = '' OR EXISTS (SELECT 1 FROM banks b WHERE a.bank_ids ? b.id::text AND lower(b.name) = $3))
          ${only}
        ORDER BY a.last_name, a.first_name`,
      params,
    );
  }

  async requestQuotes(
    caller: Caller,
    customerId: string,
    appraiserIds: string[],
    details: Omit<QuoteRequestDetails, 'typed_id'>,
    meta: EventMetadata,
  ): Promise<void> {
    const client = await this.customers.visible(caller, customerId);
    await this.checkAppraisers(appraiserIds);
    await this.transition(
      caller,
      customerId,
      {
        type: 'REQUEST_QUOTES',
        appraiserIds: [...new Set(appraiserIds)],
        details: { ...details, typed_id: client.typed_id },
      },
      meta,
    );
  }

  /** Decided by the shared appraiser assignment machine on the client's stream. */
  async transition(
    caller: Caller,
    customerId: string,
    command: AppraiserAssignmentCommand,
    meta: EventMetadata,
  ): Promise<void> {
    await this.customers.visible(caller, customerId);
    if (command.type === 'ASSIGN' && command.appraiserId) await this.checkAppraisers([command.appraiserId]);
    await this.events.handle(
      appraiserAssignmentDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      command,
      meta,
    );
  }

  private async checkAppraisers(ids: string[]): Promise<void> {
    if (ids.length === 0)
      throw DomainError.invalid(
        'invalid',
        'No appraisers selected. Select one or more appraisers.',
        'appraiser_ids',
      );
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM appraisers WHERE id = ANY($1::uuid[])',
      [ids],
    );
    if (rows.length !== new Set(ids).size)
      throw DomainError.invalid(
        'invalid',
        'One or more of the chosen appraisers do not exist.',
        'appraiser_ids',
      );
  }
}
