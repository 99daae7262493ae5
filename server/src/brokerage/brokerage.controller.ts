import { Body, Controller, Get, Patch } from '@nestjs/common';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import { AppError } from '../platform/http/app-error.js';
import { hasSecondFactor } from '../users/second-factor-status.js';
import { UsersRepository } from '../users/users.repository.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiOkData } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { BrokerageSettingsDto, BrokerageSettingsView, toSettings, toView } from './brokerage.dto.js';
import { BrokerageSettingsService } from './brokerage-settings.service.js';

/** The brokerage's details: staff read them, principal brokers change them. */
@Controller(`${API.core}/brokerage`)
export class BrokerageController {
  constructor(
    private readonly settings: BrokerageSettingsService,
    private readonly users: UsersRepository,
  ) {}

  @Roles(...STAFF_ROLES)
  @Get('/')
  @ApiOkData(BrokerageSettingsView, { description: 'The details in force.' })
  async get(): Promise<DataEnvelope<BrokerageSettingsView>> {
    return ok(toView(await this.settings.current()));
  }

  @Roles('principal_broker')
  @Patch('/')
  @ApiOkData(BrokerageSettingsView, { description: 'The details in force after the change.' })
  async change(
    @Body() body: BrokerageSettingsDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<BrokerageSettingsView>> {
    // Requiring it without having it would send the principal broker straight to enrolment.
    if (body.second_factor_required && !(await this.hasOwn(caller)))
      throw AppError.invalidField(
        'second_factor_required',
        'Turn on two-factor sign-in for yourself first (in your user menu).',
      );
    return ok(toView(await this.settings.change(toSettings(body), meta)));
  }

  private async hasOwn(caller: Caller): Promise<boolean> {
    const user = await this.users.findById(caller.id);
    return !!user && hasSecondFactor(user);
  }
}
