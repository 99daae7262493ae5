import { Body, Controller, HttpCode, Inject, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { HttpRequest, HttpResponse } from '../platform/http/http-types.js';
import { ROLES } from '../../../machines/roles.js';
import {
  AllowsPendingPasswordChange,
  AllowsSecondFactorSetup,
  type Caller,
  CurrentUser,
  Public,
  Roles,
} from '../platform/auth/auth.decorators.js';
import { bearerToken } from '../platform/auth/auth.guard.js';
import { TokenService } from '../platform/auth/token.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiOkData, ApiOkEmpty } from '../platform/http/envelope.docs.js';
import { RateLimited, RateLimitGuard } from '../platform/http/rate-limit.guard.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { toUserView, type UserView, UserViewDto } from '../users/user.view.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  AccessTokenAnswer,
  ChangePasswordDto,
  ObtainTokenDto,
  ResetPasswordDto,
  SignInAnswer,
  SignInCodeDto,
} from './auth.dto.js';
import { AuthService, type IssuedTokens } from './auth.service.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';

@Controller(API.auth)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @UseGuards(RateLimitGuard)
  @RateLimited('sign_in')
  @Post('auth/token/obtain/')
  @HttpCode(200)
  @ApiOkData(SignInAnswer, {
    description:
      'Signed in (the refresh token is set in an HttpOnly cookie), or, for staff with two-factor sign-in, a challenge for the code.',
  })
  async obtain(
    @Body() body: ObtainTokenDto,
    @RequestMetadata() meta: EventMetadata,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DataEnvelope<SignInAnswer>> {
    const outcome = await this.auth.obtain(body.phone_number, body.password, meta);
    if ('challenge' in outcome) return ok({ challenge: outcome.challenge });
    return this.answer(request, response, outcome.tokens);
  }

  /** The second step for staff with two-factor sign-in: the challenge and a code from the app. */
  @Public()
  @UseGuards(RateLimitGuard)
  @RateLimited('second_factor')
  @Post('auth/token/second_factor/')
  @HttpCode(200)
  @ApiOkData(AccessTokenAnswer, { description: 'Signed in; the refresh token is set in an HttpOnly cookie.' })
  async secondFactor(
    @Body() body: SignInCodeDto,
    @RequestMetadata() meta: EventMetadata,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DataEnvelope<AccessTokenAnswer>> {
    return this.answer(request, response, await this.auth.completeSignIn(body.challenge, body.code, meta));
  }

  @Public()
  @Post('auth/token/refresh/')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOkData(AccessTokenAnswer, { description: 'A new access token; the refresh cookie is renewed.' })
  async refresh(
    @RequestMetadata() meta: EventMetadata,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DataEnvelope<AccessTokenAnswer>> {
    try {
      return this.answer(request, response, await this.auth.refresh(readRefreshCookie(request), meta));
    } catch (error) {
      // A refresh token that no longer renews anything is of no use to keep.
      clearRefreshCookie(request, response);
      throw error;
    }
  }

  /**
   * Sign-out ends the session named by the refresh cookie and by the access token, whichever come, and
   * clears the cookie. It answers the same when there is nothing to end.
   */
  @Public()
  @Post('auth/token/revoke/')
  @HttpCode(200)
  @ApiOkEmpty({ description: 'The session is ended and its cookie cleared (also when there was none).' })
  async revoke(
    @RequestMetadata() meta: EventMetadata,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DataEnvelope<object>> {
    await this.auth.signOut(this.sessionsNamedBy(request), meta);
    clearRefreshCookie(request, response);
    return ok({});
  }

  @Public()
  @UseGuards(RateLimitGuard)
  @RateLimited('password_reset')
  @Post('auth/reset_password/')
  @HttpCode(200)
  @ApiOkEmpty({ description: 'A new password is texted when the phone number belongs to an active user.' })
  async resetPassword(
    @Body() body: ResetPasswordDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.auth.resetPasswordByPhone(body.phone_number, meta);
    return ok({});
  }

  @Roles(...ROLES)
  @AllowsPendingPasswordChange()
  @AllowsSecondFactorSetup()
  @Patch('users/me/')
  @ApiOkData(UserViewDto, { description: 'The user with the new password in force.' })
  async changePassword(
    @Body() body: ChangePasswordDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<UserView>> {
    await this.auth.changePassword(caller, body.password, meta);
    const user = await this.users.findById(caller.id);
    if (!user) throw new Error('user vanished after a password change');
    return ok(toUserView(user));
  }

  private answer(
    request: HttpRequest,
    response: HttpResponse,
    issued: IssuedTokens,
  ): DataEnvelope<AccessTokenAnswer> {
    setRefreshCookie(request, response, issued.refresh, this.config.refreshTokenTtlSeconds);
    return ok({ access: issued.access });
  }

  private sessionsNamedBy(request: HttpRequest): string[] {
    const ids: string[] = [];
    const refresh = readRefreshCookie(request);
    const access = bearerToken(request.headers.authorization);
    // Signed tokens only; an expired or forged one names nothing.
    if (refresh) this.tryClaim(() => ids.push(this.tokens.verifyRefresh(refresh).fam));
    if (access) this.tryClaim(() => ids.push(this.tokens.verifyAccess(access).sid));
    return ids;
  }

  private tryClaim(read: () => void): void {
    try {
      read();
    } catch {
      // Nothing to end for this token.
    }
  }
}
