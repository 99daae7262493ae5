import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ROLES } from '../../../machines/roles.js';
import { customerViewFor } from '../customers/customer.view.js';
import { CustomersService } from '../customers/customers.service.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ApiCreatedClient, ApiOkClient } from '../assignments/assignment.docs.js';
import { ok, page } from '../platform/http/envelope.js';
import { ApiOkData, ApiOkPage } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { EditLawyerDto, ListLawyersQuery, OwnLawyerDto } from './lawyer.dto.js';
import { LawyerViewDto, toLawyerView } from './lawyer.view.js';
import { LawyersService } from './lawyers.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** A client's lawyer. Customers act only on themselves; staff on the clients they may see. */
@Controller(`${API.core}/customers/:customerId/lawyers`)
@Roles(...ROLES)
export class LawyersController {
  constructor(
    private readonly lawyers: LawyersService,
    private readonly customers: CustomersService,
  ) {}

  @Get('/')
  @ApiOkPage(LawyerViewDto, {
    description: 'Trusted partners, then the lawyers the client registered, that match the search.',
  })
  async list(
    @Param('customerId', ParseIdPipe) customerId: string,
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
  @ApiCreatedClient(
    'The customer registers their own lawyer and picks them: staff approve the pick, a staff pick is assigned at once.',
  )
  async addOwn(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Body() body: OwnLawyerDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.addOwn(caller, customerId, body, meta);
    return this.client(caller, customerId);
  }

  @Post(':lawyerId/add/')
  @HttpCode(200)
  @ApiOkClient('The lawyer is picked: a customer’s pick waits for approval, a staff pick is assigned.')
  async pick(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Param('lawyerId', ParseIdPipe) lawyerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.pick(caller, customerId, lawyerId, meta);
    return this.client(caller, customerId);
  }

  @Patch('revoke/')
  @ApiOkClient(
    'The lawyer is revoked: a customer revoking an assigned lawyer asks staff first, staff revoke at once.',
  )
  async revoke(
    @Param('customerId', ParseIdPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.transition(caller, customerId, { type: 'REVOKE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Patch('approve/')
  @ApiOkClient('Staff approve the pending pick (assigned) or the pending revoke (empty).')
  async approve(
    @Param('customerId', ParseIdPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.transition(caller, customerId, { type: 'APPROVE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  /** Staff keep an assigned lawyer the customer asked to revoke. */
  @Patch('reject_revoke/')
  @ApiOkClient('The lawyer stays assigned.')
  async rejectRevoke(
    @Param('customerId', ParseIdPipe) customerId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.lawyers.transition(caller, customerId, { type: 'REJECT_REVOKE', role: caller.role }, meta);
    return this.client(caller, customerId);
  }

  @Patch(':lawyerId/')
  @ApiOkData(LawyerViewDto, { description: 'The chosen lawyer, corrected by staff.' })
  async edit(
    @Param('customerId', ParseIdPipe) customerId: string,
    @Param('lawyerId', ParseIdPipe) lawyerId: string,
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
