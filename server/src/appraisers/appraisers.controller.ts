import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ROLES, STAFF_ROLES } from '../../../machines/roles.js';
import { customerViewFor } from '../customers/customer.view.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, page } from '../platform/http/envelope.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { AssignAppraiserDto, ListAppraisersQuery, ListBanksQuery, QuoteRequestDto } from './appraiser.dto.js';
import type { AppraiserRow } from './appraisers.repository.js';
import { AppraisersService } from './appraisers.service.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const toAppraiserView = (row: AppraiserRow) => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  phone_number: row.phone_number,
  locations: row.locations.map((name) => ({ name })),
  banks: row.banks.map((name) => ({ name })),
  sent_date: iso(row.sent_date),
  assignation_date: iso(row.assignation_date),
});

/** Banks, appraisers by location and bank, and a client's appraiser: quote requests, assign, approve, revoke. */
@Controller(API.core)
export class AppraisersController {
  constructor(
    private readonly appraisers: AppraisersService,
    private readonly customers: CustomersService,
  ) {}

  @Roles(...ROLES)
  @Get('banks/')
  async banks(@Query() query: ListBanksQuery) {
    const rows = await this.appraisers.banks(query.search, query.offset, query.limit);
    return page(rows, rows.length, query.offset, query.limit);
  }

  @Roles(...ROLES)
  @Get('customers/:customerId/appraisers/')
  async list(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Query() query: ListAppraisersQuery,
    @CurrentUser() caller: Caller,
  ) {
    const rows = (await this.appraisers.forClient(caller, customerId, query.search, query.bank)).map(
      toAppraiserView,
    );
    return page(rows.slice(query.offset, query.offset + query.limit), rows.length, query.offset, query.limit);
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
    const {
      appraiser_ids: ids,
      property_address,
      lender,
      mortgage_position,
      ltv,
      expected_value,
      due_date,
      comment,
    } = body;
    const details = { property_address, lender, mortgage_position, ltv, expected_value, due_date, comment };
    await this.appraisers.requestQuotes(caller, customerId, ids, details, meta);
    return this.client(caller, customerId);
  }

  @Roles(...ROLES)
  @Patch('customers/:customerId/appraisers/revoke/')
  async revoke(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.appraisers.transition(caller, customerId, { type: 'REVOKE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Roles(...ROLES)
  @Patch('customers/:customerId/appraisers/approve/')
  async approve(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.appraisers.transition(caller, customerId, { type: 'APPROVE', role: caller.role }, meta);
    return this.client(caller, customerId);
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
    const { customer_id: _customer, appraiser_id: _appraiser, ...details } = body;
    await this.appraisers.transition(
      caller,
      customerId,
      { type: 'ASSIGN', role: caller.role, partyId: appraiserId, details },
      meta,
    );
    return this.client(caller, customerId);
  }

  private async client(caller: Caller, customerId: string) {
    return ok(customerViewFor(caller, await this.customers.visible(caller, customerId)));
  }
}
