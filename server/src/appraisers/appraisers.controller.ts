import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ROLES, STAFF_ROLES } from '../../../machines/roles.js';
import { customerViewFor } from '../customers/customer.view.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ApiOkClient } from '../assignments/assignment.docs.js';
import { ok, page } from '../platform/http/envelope.js';
import { ApiOkPage } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { AssignAppraiserDto, ListAppraisersQuery, ListBanksQuery, QuoteRequestDto } from './appraiser.dto.js';
import { AppraiserViewDto, BankDto, toAppraiserView } from './appraiser.view.js';
import { AppraisersService } from './appraisers.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** Banks, appraisers by location and bank, and a client's appraiser: quote requests, assign, approve, revoke. */
@Controller(API.core)
export class AppraisersController {
  constructor(
    private readonly appraisers: AppraisersService,
    private readonly customers: CustomersService,
  ) {}

  @Roles(...ROLES)
  @Get('banks/')
  @ApiOkPage(BankDto, { description: 'Banks whose name matches the search, by name.' })
  async banks(@Query() query: ListBanksQuery) {
    const rows = await this.appraisers.banks(query.search, query.offset, query.limit);
    return page(rows, rows.length, query.offset, query.limit);
  }

  @Roles(...ROLES)
  @Get('customers/:customerId/appraisers/')
  @ApiOkPage(AppraiserViewDto, {
    description:
      'Appraisers in a location working with a bank, with this client’s quote request and assignment dates; a customer sees only the appraiser chosen for them.',
  })
  async list(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Query() query: ListAppraisersQuery,
    @CurrentUser() caller: Caller,
  ) {
    const rows = (await this.appraisers.forClient(caller, customerId, query.search, query.bank)).map((row) =>
      toAppraiserView(row, caller.role !== 'customer'),
    );
    return page(rows.slice(query.offset, query.offset + query.limit), rows.length, query.offset, query.limit);
  }

  @Roles(...STAFF_ROLES)
  @Post('customers/:customerId/appraisers/appraiser_request/')
  @HttpCode(200)
  @ApiOkClient('A quote request is e-mailed to each chosen appraiser.')
  async requestQuotes(
    @Param('customerId', ParseIdPipe) customerId: string,
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
  @ApiOkClient('Staff revoke the appraiser, pending or assigned.')
  async revoke(
    @Param('customerId', ParseIdPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.appraisers.transition(caller, customerId, { type: 'REVOKE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Roles(...ROLES)
  @Patch('customers/:customerId/appraisers/approve/')
  @ApiOkClient('Staff approve the pending appraiser, who is e-mailed the appraisal details.')
  async approve(
    @Param('customerId', ParseIdPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.appraisers.transition(caller, customerId, { type: 'APPROVE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Roles(...ROLES)
  @Post('customers/:customerId/appraisers/:appraiserId/add/')
  @HttpCode(200)
  @ApiOkClient('Staff assign the appraiser with the appraisal details; the assignment waits for approval.')
  async assign(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Param('appraiserId', ParseIdPipe) appraiserId: string,
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
