import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ROLES, STAFF_ROLES } from '../../../machines/roles.js';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import { toCustomerView } from '../customers/customer.view.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { ok, page } from '../platform/http/envelope.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import {
  appraiserAssignmentDecider,
  type AppraiserAssignmentCommand,
} from './appraiser-assignment.decider.js';
import { AssignAppraiserDto, ListAppraisersQuery, ListBanksQuery, QuoteRequestDto } from './appraiser.dto.js';

interface AppraiserRow {
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

/** Banks, appraisers by location and bank, and a client's appraiser: quote requests, assign, approve, revoke. */
@Controller(API.core)
export class AppraisersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly events: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  @Roles(...ROLES)
  @Get('banks/')
  async banks(@Query() query: ListBanksQuery) {
    const rows: { id: string; name: string }[] = await this.dataSource.query(
      'SELECT id, name FROM banks WHERE lower(name) LIKE $1 ORDER BY name LIMIT $2 OFFSET $3',
      [`%${query.search.toLowerCase()}%`, query.limit, query.offset],
    );
    return page(rows, rows.length, query.offset, query.limit);
  }

  @Roles(...ROLES)
  @Get('customers/:customerId/appraisers/')
  async list(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Query() query: ListAppraisersQuery,
    @CurrentUser() caller: Caller,
  ) {
    const client = await this.customers.visible(caller, customerId);
    const params: unknown[] = [
      customerId,
      `%${query.search.trim().toLowerCase()}%`,
      query.bank.trim().toLowerCase(),
    ];
    // A customer sees only the appraiser chosen for them; staff see every appraiser that matches the filters.
    const only =
      caller.role === 'customer' ? (params.push(client.appraiser_id), `AND a.id = $${params.length}`) : '';
    const rows: AppraiserRow[] = await this.dataSource.query(
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
    const views = rows.map((row) => ({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone_number: row.phone_number,
      locations: row.locations.map((name) => ({ name })),
      banks: row.banks.map((name) => ({ name })),
      sent_date: row.sent_date ? new Date(row.sent_date).toISOString() : null,
      assignation_date: row.assignation_date ? new Date(row.assignation_date).toISOString() : null,
    }));
    return page(
      views.slice(query.offset, query.offset + query.limit),
      views.length,
      query.offset,
      query.limit,
    );
  }

  @Roles(...STAFF_ROLES)
  @Post('customers/:customerId/appraisers/appraiser_request/')
  @HttpCode(200)
  async requestQuotes(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Body() body: QuoteRequestDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const client = await this.customers.visible(caller, customerId);
    await this.checkAppraisers(body.appraiser_ids);
    const details = {
      typed_id: client.typed_id,
      property_address: body.property_address,
      lender: body.lender,
      mortgage_position: body.mortgage_position,
      ltv: body.ltv,
      expected_value: body.expected_value,
      due_date: body.due_date,
      comment: body.comment,
    };
    await this.events.handle(
      appraiserAssignmentDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      { type: 'REQUEST_QUOTES', appraiserIds: [...new Set(body.appraiser_ids)], details },
      meta,
    );
    return ok(toCustomerView(await this.customers.visible(caller, customerId)));
  }

  @Roles(...ROLES)
  @Patch('customers/:customerId/appraisers/revoke/')
  revoke(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    return this.decide(caller, customerId, { type: 'REVOKE', role: caller.role }, meta);
  }

  @Roles(...ROLES)
  @Patch('customers/:customerId/appraisers/approve/')
  approve(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    return this.decide(caller, customerId, { type: 'APPROVE', role: caller.role }, meta);
  }

  @Roles(...ROLES)
  @Post('customers/:customerId/appraisers/:appraiserId/add/')
  @HttpCode(200)
  async assign(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Param('appraiserId', ParseUUIDPipe) appraiserId: string,
    @Body() body: AssignAppraiserDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.checkAppraisers([appraiserId]);
    const { customer_id: _c, appraiser_id: _a, ...details } = body;
    return this.decide(caller, customerId, { type: 'ASSIGN', role: caller.role, appraiserId, details }, meta);
  }

  private async checkAppraisers(ids: string[]): Promise<void> {
    if (ids.length === 0)
      throw AppError.invalidField('appraiser_ids', 'No appraisers selected. Select one or more appraisers.');
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM appraisers WHERE id = ANY($1::uuid[])',
      [ids],
    );
    if (rows.length !== new Set(ids).size)
      throw AppError.invalidField('appraiser_ids', 'One or more of the chosen appraisers do not exist.');
  }

  private async decide(
    caller: Caller,
    customerId: string,
    command: AppraiserAssignmentCommand,
    meta: EventMetadata,
  ) {
    await this.customers.visible(caller, customerId);
    await this.events.handle(
      appraiserAssignmentDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      command,
      meta,
    );
    return ok(toCustomerView(await this.customers.visible(caller, customerId)));
  }
}
