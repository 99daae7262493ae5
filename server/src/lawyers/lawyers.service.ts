import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { EventStore, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { lawyerAssignmentDecider, type LawyerAssignmentCommand } from './lawyer-assignment.js';
import type { EditLawyerDto, OwnLawyerDto } from './lawyer.dto.js';
import { lawyerDecider } from './lawyer.decider.js';
import { LAWYER_STREAM, type LawyerDetails } from './lawyer.events.js';
import { LawyersRepository, type LawyerRow } from './lawyers.repository.js';

/** The lawyer's details the request sends; an edit leaves out what it does not change. */
function detailsFrom(body: EditLawyerDto): Partial<LawyerDetails> {
  return Object.fromEntries(
    Object.entries({
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phoneNumber: body.phone_number,
      company: body.company,
      addressLine: body.address_line,
    }).filter(([, value]) => value !== undefined),
  );
}

/** A client's lawyer: the trusted and own lawyers to choose from, and the assignment life cycle. */
@Injectable()
export class LawyersService {
  constructor(
    private readonly customers: CustomersService,
    private readonly events: EventStore,
    private readonly lawyers: LawyersRepository,
  ) {}

  /** Trusted partners and the client's own lawyers, matching a search. */
  async list(
    caller: Caller,
    customerId: string,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: LawyerRow[]; count: number }> {
    await this.customers.ensureVisible(caller, customerId);
    return this.lawyers.search(customerId, search, { offset, limit });
  }

  /** The customer's own lawyer is registered and picked in one transaction. */
  async addOwn(caller: Caller, customerId: string, body: OwnLawyerDto, meta: EventMetadata): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    const lawyerId = randomUUID();
    await this.events.handleAll(
      [
        streamCommand(
          lawyerAssignmentDecider,
          { type: CUSTOMER_STREAM, id: customerId },
          { type: 'PICK', role: caller.role, partyId: lawyerId },
        ),
        streamCommand(
          lawyerDecider,
          { type: LAWYER_STREAM, id: lawyerId },
          {
            type: 'RegisterLawyer',
            lawyer: {
              lawyerId,
              ...(detailsFrom(body) as LawyerDetails),
              isTrustedPartner: false,
              isInternal: false,
              createdByCustomerId: customerId,
            },
          },
        ),
      ],
      meta,
    );
  }

  async pick(caller: Caller, customerId: string, lawyerId: string, meta: EventMetadata): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    await this.lawyerOf(customerId, lawyerId);
    await this.transition(caller, customerId, { type: 'PICK', role: caller.role, partyId: lawyerId }, meta);
  }

  /** Decided by the shared lawyer assignment machine on the client's stream. */
  async transition(
    caller: Caller,
    customerId: string,
    command: LawyerAssignmentCommand,
    meta: EventMetadata,
  ): Promise<void> {
    await this.customers.ensureVisible(caller, customerId);
    await this.events.handle(
      lawyerAssignmentDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      command,
      meta,
    );
  }

  /** Staff correct a lawyer who is not a trusted partner, while the machine allows an edit. */
  async edit(
    caller: Caller,
    customerId: string,
    lawyerId: string,
    body: EditLawyerDto,
    meta: EventMetadata,
  ): Promise<LawyerRow> {
    const client = await this.customers.visibleRecord(caller, customerId);
    await this.lawyerOf(customerId, lawyerId);
    if (client.lawyer_id !== lawyerId)
      throw DomainError.conflict('not_this_lawyer', 'This lawyer is not the one chosen for this client.');
    const changes = detailsFrom(body);
    // The edit is decided on the lawyer's stream and held against the client's: the lawyer must still be
    // the chosen one, and the assignment must still allow an edit, when the correction is written.
    await this.events.handleAll(
      [
        streamCommand(
          lawyerDecider,
          { type: LAWYER_STREAM, id: lawyerId },
          { type: 'EditLawyer', changes, customerId },
        ),
        streamCommand(
          lawyerAssignmentDecider,
          { type: CUSTOMER_STREAM, id: customerId },
          { type: 'EDIT', role: caller.role, partyId: lawyerId },
        ),
      ],
      meta,
    );
    return this.lawyerOf(customerId, lawyerId);
  }

  private async lawyerOf(customerId: string, lawyerId: string): Promise<LawyerRow> {
    const lawyer = await this.lawyers.findOpenToClient(customerId, lawyerId);
    if (!lawyer) throw DomainError.notFound('This lawyer does not exist.');
    return lawyer;
  }
}
