import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../../../../machines/roles.js';

export const PUBLIC_ROUTE = 'auth:public';
export const ROUTE_ROLES = 'auth:roles';
export const ALLOWS_PENDING_PASSWORD = 'auth:allows-pending-password';
export const ALLOWS_SECOND_FACTOR_SETUP = 'auth:allows-second-factor-setup';

/** Open to everyone, signed in or not. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);

/** Who may call a route. Every route states this (or @Public); a route that states neither is refused. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROUTE_ROLES, roles);

/** Reachable while the user still has to replace a password they were sent. */
export const AllowsPendingPasswordChange = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ALLOWS_PENDING_PASSWORD, true);

/** Reachable while the brokerage requires a second factor the staff member has not set up yet. */
export const AllowsSecondFactorSetup = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ALLOWS_SECOND_FACTOR_SETUP, true);

export interface Caller {
  id: string;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  role: Role;
  customerId: string | null;
  firstName: string;
  lastName: string;
  requireChangePassword: boolean;
  /** Staff of a brokerage that requires two-factor sign-in. */
  secondFactorRequired: boolean;
  /** Required, and not set up yet: only enrolment is open. */
  mustEnrolSecondFactor: boolean;
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const request = context.switchToHttp().getRequest<{ caller?: Caller }>();
  if (!request.caller) throw new Error('CurrentUser used on a route without an authenticated caller');
  return request.caller;
});
