import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { StepDisplay } from '../../../machines/roadmap.machine.js';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiOkData, dataSchema } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import type { OwnCustomerView } from './customer.view.js';
import { ContactsQuery, UpdateOwnProfileDto } from './customer-self.dto.js';
import { MortgageTeamDoc, OwnCustomerViewDoc, StepDisplayDoc } from './customer-view.dto.js';
import { CustomerSelfService, type MortgageTeam } from './customer-self.service.js';

/** The customer's own profile, steps and mortgage team; registered before `customers/:id/`. */
@Controller(API.core)
export class CustomerSelfController {
  constructor(private readonly self: CustomerSelfService) {}

  @Roles('customer')
  @Get('customers/me/')
  @ApiOkData(OwnCustomerViewDoc, { description: "The customer's own file." })
  async me(@CurrentUser() caller: Caller): Promise<DataEnvelope<OwnCustomerView>> {
    return ok(await this.self.profile(caller));
  }

  @Roles('customer')
  @Patch('customers/me/')
  @ApiOkData(OwnCustomerViewDoc, { description: "The customer's own file as changed." })
  async updateMe(
    @Body() body: UpdateOwnProfileDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<OwnCustomerView>> {
    return ok(await this.self.updateProfile(caller, body, meta));
  }

  @Roles('customer')
  @Get('customers/me/steps/')
  @ApiOkData(StepDisplayDoc, { isArray: true, description: 'The roadmap steps, in order.' })
  async steps(@CurrentUser() caller: Caller): Promise<DataEnvelope<StepDisplay[]>> {
    return ok(await this.self.steps(caller));
  }

  @Roles('customer')
  @Get('customers/curators/')
  @ApiOkData(MortgageTeamDoc, { description: "The customer's broker, assistant and lawyer." })
  async curators(@CurrentUser() caller: Caller): Promise<DataEnvelope<MortgageTeam>> {
    return ok(await this.self.team(caller));
  }

  /** DocuSign contacts: there is no e-signature integration yet, so the list is empty. */
  @Roles(...STAFF_ROLES)
  @Get('contacts/')
  @ApiOkResponse({
    description: 'Always an empty list.',
    schema: dataSchema({ type: 'array', maxItems: 0, items: { type: 'object', additionalProperties: true } }),
  })
  contacts(@Query() _query: ContactsQuery): DataEnvelope<unknown[]> {
    return ok([]);
  }
}
