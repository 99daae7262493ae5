import { Injectable } from '@nestjs/common';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { DomainError } from '../platform/domain/domain-error.js';
import {
  appraiserAssignmentDecider,
  type AppraiserAssignmentCommand,
  type RequestQuotes,
} from './appraiser-assignment.js';
import type { QuoteRequestDetails } from './appraiser.events.js';
import { AppraisersRepository, type AppraiserRow } from './appraisers.repository.js';

/** Banks and appraisers, and a client's appraiser: quote requests and the assignment life cycle. */
@Injectable()
export class AppraisersService {
  constructor(
    private readonly customers: CustomersService,
    private readonly events: EventStore,
    private readonly appraisers: AppraisersRepository,
  ) {}

  banks(search: string, offset: number, limit: number): Promise<{ id: string; name: string }[]> {
    return this.appraisers.banks(search, offset, limit);
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
    const client = await this.customers.visibleRecord(caller, customerId);
    return this.appraisers.forClient(customerId, {
      location,
      bank,
      ...(caller.role === 'customer' ? { onlyId: client.appraiser_id } : {}),
    });
  }

  async requestQuotes(
    caller: Caller,
    customerId: string,
    appraiserIds: string[],
    details: Omit<QuoteRequestDetails, 'typed_id'>,
    meta: EventMetadata,
  ): Promise<void> {
    const client = await this.customers.visibleRecord(caller, customerId);
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
    command: AppraiserAssignmentCommand | RequestQuotes,
    meta: EventMetadata,
  ): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    if (command.type === 'ASSIGN' && command.partyId) await this.checkAppraisers([command.partyId]);
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
    if ((await this.appraisers.countExisting(ids)) !== new Set(ids).size)
      throw DomainError.invalid(
        'invalid',
        'One or more of the chosen appraisers do not exist.',
        'appraiser_ids',
      );
  }
}
