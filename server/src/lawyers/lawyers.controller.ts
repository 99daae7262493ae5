import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ROLES } from '../../../machines/roles.js';
import { toCustomerView } from '../customers/customer.view.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { ok, page } from '../platform/http/envelope.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import { lawyerAssignmentDecider, type LawyerAssignmentCommand } from './lawyer-assignment.decider.js';
import { EditLawyerDto, ListLawyersQuery, OwnLawyerDto } from './lawyer.dto.js';
import { LAWYER_STREAM, type LawyerRegistered } from './lawyer.events.js';

interface LawyerRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  company: string;
  address_line: string;
  is_trusted_partner: boolean;
  is_internal: boolean;
  created_by_customer_id: string | null;
}

const toLawyerView = (row: LawyerRow) => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  phone_number: row.phone_number,
  email: row.email,
  company: row.company,
  address_line: row.address_line,
  is_trusted_partner: row.is_trusted_partner,
  is_internal: row.is_internal,
});

/**
 * A client's lawyer: trusted lawyers to pick from, the customer's own lawyer, and the assignment life cycle
 * decided by the shared lawyer assignment machine. Customers act only on themselves.
 */
@Controller(`${API.core}/customers/:customerId/lawyers`)
@Roles(...ROLES)
export class LawyersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly events: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  @Get('/')
  async list(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Query() query: ListLawyersQuery,
    @CurrentUser() caller: Caller,
  ) {
    await this.customers.visible(caller, customerId);
    const search = `%${query.search.trim().toLowerCase()}%`;
    const where = `(is_trusted_partner OR created_by_customer_id = $1)
      AND lower(first_name || ' ' || last_name || ' ' || company || ' ' || email || ' ' || address_line) LIKE $2`;
    const rows: LawyerRow[] = await this.dataSource.query(
      `SELECT * FROM lawyers WHERE ${where} ORDER BY is_trusted_partner DESC, last_name, first_name LIMIT $3 OFFSET $4`,
      [customerId, search, query.limit, query.offset],
    );
    const [{ count }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM lawyers WHERE ${where}`,
      [customerId, search],
    );
    return page(rows.map(toLawyerView), count, query.offset, query.limit);
  }

  @Post('/')
  async addOwn(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Body() body: OwnLawyerDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.customers.visible(caller, customerId);
    const lawyerId = randomUUID();
    const registered: LawyerRegistered = {
      type: 'lawyer.registered',
      data: {
        lawyerId,
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phoneNumber: body.phone_number,
        company: body.company,
        addressLine: body.address_line,
        isTrustedPartner: false,
        isInternal: false,
        createdByCustomerId: customerId,
      },
    };
    await this.events.handle(
      lawyerAssignmentDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      { type: 'PICK', role: caller.role, lawyerId },
      meta,
      {
        also: [
          {
            streamType: LAWYER_STREAM,
            streamId: lawyerId,
            expectedVersion: 'no_stream',
            events: [registered],
          },
        ],
      },
    );
    return ok(toCustomerView(await this.customers.visible(caller, customerId)));
  }

  @Post(':lawyerId/add/')
  @HttpCode(200)
  async pick(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Param('lawyerId', ParseUUIDPipe) lawyerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.customers.visible(caller, customerId);
    await this.lawyer(customerId, lawyerId);
    return this.decide(caller, customerId, { type: 'PICK', role: caller.role, lawyerId }, meta);
  }

  @Patch('revoke/')
  revoke(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    return this.decide(caller, customerId, { type: 'REVOKE', role: caller.role }, meta);
  }

  @Patch('approve/')
  approve(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    return this.decide(caller, customerId, { type: 'APPROVE', role: caller.role }, meta);
  }

  /** Staff keep an assigned lawyer the customer asked to revoke. */
  @Patch('reject_revoke/')
  rejectRevoke(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    return this.decide(caller, customerId, { type: 'REJECT_REVOKE', role: caller.role }, meta);
  }

  @Patch(':lawyerId/')
  async edit(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Param('lawyerId', ParseUUIDPipe) lawyerId: string,
    @Body() body: EditLawyerDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const client = await this.customers.visible(caller, customerId);
    const lawyer = await this.lawyer(customerId, lawyerId);
    if (client.lawyer_id !== lawyerId)
      throw AppError.conflict('not_this_lawyer', 'This lawyer is not the one chosen for this client.');
    if (lawyer.is_internal)
      throw AppError.forbidden(
        'Trusted partner lawyers are kept by the brokerage and cannot be edited here.',
      );
    const changes = {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phoneNumber: body.phone_number,
      company: body.company,
      addressLine: body.address_line,
    };
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    // The machine says whether the lawyer may be edited in this state by this role; the edit is a lawyer event.
    const { state } = await this.events.aggregate(lawyerAssignmentDecider, CUSTOMER_STREAM, customerId);
    lawyerAssignmentDecider.decide({ type: 'EDIT', role: caller.role }, state);
    await this.events.append(
      {
        streamType: LAWYER_STREAM,
        streamId: lawyerId,
        expectedVersion: 'any',
        events: [{ type: 'lawyer.updated', data: { changes: defined } }],
      },
      meta,
    );
    const [row] = (await this.dataSource.query('SELECT * FROM lawyers WHERE id = $1', [
      lawyerId,
    ])) as LawyerRow[];
    return ok(toLawyerView(row));
  }

  private async lawyer(customerId: string, lawyerId: string): Promise<LawyerRow> {
    const rows: LawyerRow[] = await this.dataSource.query(
      'SELECT * FROM lawyers WHERE id = $1 AND (is_trusted_partner OR created_by_customer_id = $2)',
      [lawyerId, customerId],
    );
    if (!rows[0]) throw AppError.notFound('This lawyer does not exist.');
    return rows[0];
  }

  private async decide(
    caller: Caller,
    customerId: string,
    command: LawyerAssignmentCommand,
    meta: EventMetadata,
  ) {
    await this.customers.visible(caller, customerId);
    await this.events.handle(
      lawyerAssignmentDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      command,
      meta,
    );
    return ok(toCustomerView(await this.customers.visible(caller, customerId)));
  }
}
