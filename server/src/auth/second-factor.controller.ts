import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { STAFF_ROLES } from '../../../machines/roles.js';
import type { SecondFactorEnabled, SecondFactorEnrolment } from '../../../machines/second-factor.js';
import {
  AllowsSecondFactorSetup,
  type Caller,
  CurrentUser,
  Roles,
} from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiCreatedData, ApiOkData, ApiOkEmpty } from '../platform/http/envelope.docs.js';
import { AnswerNotKept } from '../platform/http/idempotency.guard.js';
import { RateLimited, RateLimitGuard } from '../platform/http/rate-limit.guard.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import {
  ConfirmEnrolmentDto,
  SecondFactorCodeDto,
  SecondFactorEnabledAnswer,
  SecondFactorEnrolmentAnswer,
} from './auth.dto.js';
import { SecondFactorService } from './second-factor.service.js';

/** A staff member's own two-factor sign-in: set it up (open also while the brokerage requires it) or turn it off. */
@Controller(`${API.core}/users/me/second_factor`)
@Roles(...STAFF_ROLES)
export class SecondFactorController {
  constructor(private readonly secondFactor: SecondFactorService) {}

  @AllowsSecondFactorSetup()
  @Post('enrolment/')
  @AnswerNotKept()
  @HttpCode(200)
  @ApiOkData(SecondFactorEnrolmentAnswer, {
    description: 'A new secret and its QR code; nothing is kept until a first code confirms it.',
  })
  async start(@CurrentUser() caller: Caller): Promise<DataEnvelope<SecondFactorEnrolment>> {
    return ok(await this.secondFactor.startEnrolment(caller));
  }

  @AllowsSecondFactorSetup()
  @Post('/')
  @AnswerNotKept()
  @ApiCreatedData(SecondFactorEnabledAnswer, {
    description: 'Two-factor sign-in is on; the ten recovery codes are answered this once.',
  })
  async confirm(
    @Body() body: ConfirmEnrolmentDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<SecondFactorEnabled>> {
    return ok(await this.secondFactor.confirmEnrolment(caller, body.enrolment, body.code, meta));
  }

  @Post('recovery_codes/')
  @AnswerNotKept()
  @UseGuards(RateLimitGuard)
  @RateLimited('second_factor')
  @HttpCode(200)
  @ApiOkData(SecondFactorEnabledAnswer, {
    description:
      'Ten new recovery codes, answered this once; the old ones work no more. Needs a current code from the app.',
  })
  async replaceRecoveryCodes(
    @Body() body: SecondFactorCodeDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<SecondFactorEnabled>> {
    return ok(await this.secondFactor.replaceRecoveryCodes(caller, body.code, meta));
  }

  @Post('turn_off/')
  @UseGuards(RateLimitGuard)
  @RateLimited('second_factor')
  @HttpCode(200)
  @ApiOkEmpty({ description: 'Two-factor sign-in is off; the password alone signs in again.' })
  async turnOff(
    @Body() body: SecondFactorCodeDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.secondFactor.turnOff(caller, body.code, meta);
    return ok({});
  }
}
