import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '../../../../machines/roles.js';
import { AppError } from '../http/app-error.js';
import { type HttpRequest, pathOf } from '../http/http-types.js';
import {
  ALLOWS_PENDING_PASSWORD,
  ALLOWS_SECOND_FACTOR_SETUP,
  type Caller,
  PUBLIC_ROUTE,
  ROUTE_ROLES,
} from './auth.decorators.js';
import { CallerResolver } from './caller.resolver.js';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Lets a signed-in caller through to what `roles` may do, unless they must first choose a password or set
 * up their second factor and the route is not one of those steps. Routes (through the guard) and signed
 * links alike ask here.
 */
export function admitCaller(
  caller: Caller,
  roles: readonly Role[],
  allows: { pendingPassword?: boolean; secondFactorSetup?: boolean } = {},
): void {
  if (!roles.includes(caller.role)) throw AppError.forbidden();
  if (caller.requireChangePassword && !allows.pendingPassword)
    throw AppError.forbidden('Please set a new password first.', 'password_change_required');
  if (caller.mustEnrolSecondFactor && !allows.secondFactorSetup)
    throw AppError.forbidden('Please set up two-factor sign-in first.', 'second_factor_setup_required');
}

/**
 * Every HTTP route passes here: public routes go through, the rest need a valid access token and a
 * role the route names. A route that names no roles is refused, so a forgotten declaration fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger(AuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<HttpRequest & { caller?: Caller }>();
    const token = bearerToken(request.headers.authorization);
    if (!token)
      throw AppError.unauthorized('not_authenticated', 'Authentication credentials were not provided.');
    const caller = await this.callers.fromAccessToken(token);
    request.caller = caller;

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROUTE_ROLES, targets);
    if (!roles) {
      this.logger.error(`${request.method} ${pathOf(request.url)} declares no roles; refusing`);
      throw AppError.forbidden();
    }
    admitCaller(caller, roles, {
      pendingPassword: this.reflector.getAllAndOverride<boolean>(ALLOWS_PENDING_PASSWORD, targets),
      secondFactorSetup: this.reflector.getAllAndOverride<boolean>(ALLOWS_SECOND_FACTOR_SETUP, targets),
    });
    return true;
  }
}
