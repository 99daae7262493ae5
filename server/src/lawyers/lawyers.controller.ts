import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ROLES } from '../../../machines/roles.js';
import { customerViewFor } from '../customers/customer.view.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, page } from '../platform/http/envelope.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { EditLawyerDto, ListLawyersQuery, OwnLawyerDto } from './lawyer.dto.js';
import type { LawyerRow } from './lawyers.repository.js';
import { LawyersService } from './lawyers.service.js';

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

/** A client's lawyer. Customers act only on themselves; staff on the clients they may see. */
@Controller(`${API.core}/customers/:customerId/lawyers`)
@Roles(...ROLES)
export class LawyersController {
  constructor(
    private readonly lawyers: LawyersService,
    private readonly customers: CustomersService,
  ) {}

  @Get('/')
  async list(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Query() query: ListLawyersQuery,
    @CurrentUser() caller: Caller,
  ) {
    const { rows, count } = await this.lawyers.list(
      caller,
      customerId,
      query.search,
      query.offset,
      query.limit,
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
    await this.lawyers.addOwn(caller, customerId, body, meta);
    return this.client(caller, customerId);
  }

  @Post(':lawyerId/add/')
  @HttpCode(200)
  async pick(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Param('lawyerId', ParseUUIDPipe) lawyerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.pick(caller, customerId, lawyerId, meta);
    return this.client(caller, customerId);
  }

  @Patch('revoke/')
  async revoke(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.transition(caller, customerId, { type: 'REVOKE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Patch('approve/')
  async approve(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.transition(caller, customerId, { type: 'APPROVE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  /** Staff keep an assigned lawyer the customer asked to revoke. */
  @Patch('reject_revoke/')
  async rejectRevoke(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.transition(caller, customerId, { type: 'REJECT_REVOKE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Patch(':lawyerId/')
  async edit(
    @Param('customerId', ParseUUIDPipe) customerId: string,
    @Param('lawyerId', ParseUUIDPipe) lawyerId: string,
    @Body() body: EditLawyerDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    return ok(toLawyerView(await this.lawyers.edit(caller, customerId, lawyerId, body, meta)));
  }

  private async client(caller: Caller, customerId: string) {
    return ok(customerViewFor(caller, await this.customers.visible(caller, customerId)));
  }
}
