import { Body, Controller, HttpCode, Patch, Post, UseGuards } from '@nestjs/common';
import { ROLES } from '../../../machines/roles.js';
import {
  AllowsPendingPasswordChange,
  type Caller,
  CurrentUser,
  Public,
  Roles,
} from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { RateLimited, RateLimitGuard } from '../platform/http/rate-limit.guard.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { toUserView, type UserView } from '../users/user.view.js';
import { UsersRepository } from '../users/users.repository.js';
import { ChangePasswordDto, ObtainTokenDto, RefreshTokenDto, ResetPasswordDto } from './auth.dto.js';
import { AuthService, type TokenPair } from './auth.service.js';

@Controller(API.auth)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
  ) {}

  @Public()
  @UseGuards(RateLimitGuard)
  @RateLimited('sign_in')
  @Post('auth/token/obtain/')
  @HttpCode(200)
  async obtain(
    @Body() body: ObtainTokenDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TokenPair>> {
    return ok(await this.auth.obtain(body.phone_number, body.password, meta));
  }

  @Public()
  @Post('auth/token/refresh/')
  @HttpCode(200)
  async refresh(
    @Body() body: RefreshTokenDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TokenPair>> {
    return ok(await this.auth.refresh(body.refresh, meta));
  }

  @Public()
  @UseGuards(RateLimitGuard)
  @RateLimited('password_reset')
  @Post('auth/reset_password/')
  @HttpCode(200)
  async resetPassword(
    @Body() body: ResetPasswordDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.auth.resetPasswordByPhone(body.phone_number, meta);
    return ok({});
  }

  @Roles(...ROLES)
  @AllowsPendingPasswordChange()
  @Patch('users/me/')
  async changePassword(
    @Body() body: ChangePasswordDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<UserView>> {
    await this.auth.changePassword(caller.id, body.password, meta);
    const user = await this.users.findById(caller.id);
    if (!user) throw new Error('user vanished after a password change');
    return ok(toUserView(user));
  }
}
