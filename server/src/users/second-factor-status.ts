import { isStaffRole } from '../../../machines/roles.js';
import type { SecondFactorStatus } from '../../../machines/second-factor.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import type { UserRow } from './users.repository.js';

/** Whether a user signs in with a code as well: staff who enrolled (customers are never asked). */
export function hasSecondFactor(user: Pick<UserRow, 'role' | 'second_factor_secret'>): boolean {
  return isStaffRole(user.role) && user.second_factor_secret !== null;
}

/** Where the signed-in user's second factor stands, as `users/me/` answers it. */
export function secondFactorStatus(user: UserRow, caller: Caller): SecondFactorStatus {
  const enabled = hasSecondFactor(user);
  const codes = user.second_factor_recovery ?? [];
  return {
    enabled,
    required: caller.secondFactorRequired,
    recovery_codes_left: enabled ? codes.filter((hash) => hash !== null).length : 0,
  };
}
