import type { Role } from '../../../machines/roles.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

export const USER_STREAM = 'user';

/**
 * A password that the product makes for a user is never stored: the event keeps its hash and a nonce,
 * and the text message is rendered from the nonce with the server's secret when it is sent.
 */
export interface PasswordDelivery {
  nonce: string;
}

export type UserRegistered = NewEvent<
  'user.registered',
  {
    userId: string;
    role: Role;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    email: string;
    passwordHash: string;
    requireChangePassword: boolean;
    customerId: string | null;
    passwordDelivery: PasswordDelivery | null;
  }
>;
export type UserPasswordChanged = NewEvent<'user.password_changed', { passwordHash: string }>;
export type PasswordResetReason = 'reset_password' | 'resend_password';
/** Older resets replaced the password at once; they still replay that way. New resets are requested. */
export type UserPasswordReset = NewEvent<
  'user.password_reset',
  { passwordHash: string; passwordDelivery: PasswordDelivery; reason: PasswordResetReason }
>;
/**
 * A new password was texted but is only pending: the current password and sessions keep working until
 * it is used, it expires at `expiresAt`, and a later request replaces it.
 */
export type UserPasswordResetRequested = NewEvent<
  'user.password_reset_requested',
  {
    passwordHash: string;
    passwordDelivery: PasswordDelivery;
    reason: PasswordResetReason;
    expiresAt: string;
  }
>;
/** The pending password was used to sign in: it is now the password, and must be replaced at once. */
export type UserResetPasswordUsed = NewEvent<
  'user.reset_password_used',
  { passwordHash: string; nonce: string }
>;
export type UserProfileUpdated = NewEvent<
  'user.profile_updated',
  Partial<{ firstName: string; lastName: string; phoneNumber: string; email: string }>
>;
export type UserDeactivated = NewEvent<'user.deactivated', { reason: string }>;
/** A deactivated staff member may sign in again (with the password they had). */
export type UserReactivated = NewEvent<'user.reactivated', Record<string, never>>;
/** A staff member's role in the brokerage changed. */
export type UserRoleChanged = NewEvent<'user.role_changed', { from: Role; to: Role }>;
/** A broker's lender submission codes, in the order they are offered; the first goes to application links. */
export type UserBrokerCodesChanged = NewEvent<'user.broker_codes_changed', { codes: string[] }>;
/**
 * Staff confirmed an authenticator app with a first code (`step`: that code's time step, so it is not
 * accepted again). The TOTP secret is kept sealed (AES-256-GCM, key derived from APP_SECRET), the ten
 * recovery codes only as keyed hashes.
 */
export type UserSecondFactorEnabled = NewEvent<
  'user.second_factor_enabled',
  { sealedSecret: string; recoveryCodeHashes: string[]; step: number }
>;
/** A sign-in (or turning it off) was confirmed by the code of this time step: no code up to it works again. */
export type UserSecondFactorUsed = NewEvent<'user.second_factor_used', { step: number }>;
/** The recovery code at `index` of the list was used: it works no more. */
export type UserRecoveryCodeUsed = NewEvent<'user.recovery_code_used', { index: number }>;
/** Ten new recovery codes (keyed hashes) replace the old ones, spent or not, confirmed by an app code. */
export type UserRecoveryCodesReplaced = NewEvent<
  'user.recovery_codes_replaced',
  { recoveryCodeHashes: string[] }
>;
/** 'turned_off': by the user, with a code; 'reset': by a principal broker (a lost phone). */
export type SecondFactorRemovalReason = 'turned_off' | 'reset';
export type UserSecondFactorRemoved = NewEvent<
  'user.second_factor_removed',
  { reason: SecondFactorRemovalReason }
>;
export type UserLoggedIn = NewEvent<'auth.logged_in' | 'auth.first_login', { sessionId: string }>;

export type UserEvent =
  | UserRegistered
  | UserPasswordChanged
  | UserPasswordReset
  | UserPasswordResetRequested
  | UserResetPasswordUsed
  | UserProfileUpdated
  | UserDeactivated
  | UserReactivated
  | UserRoleChanged
  | UserBrokerCodesChanged
  | UserSecondFactorEnabled
  | UserSecondFactorUsed
  | UserRecoveryCodeUsed
  | UserRecoveryCodesReplaced
  | UserSecondFactorRemoved
  | UserLoggedIn;

export const USER_EVENT_TYPES = [
  'user.registered',
  'user.password_changed',
  'user.password_reset',
  'user.password_reset_requested',
  'user.reset_password_used',
  'user.profile_updated',
  'user.deactivated',
  'user.reactivated',
  'user.role_changed',
  'user.broker_codes_changed',
  'user.second_factor_enabled',
  'user.second_factor_used',
  'user.recovery_code_used',
  'user.recovery_codes_replaced',
  'user.second_factor_removed',
  'auth.logged_in',
  'auth.first_login',
] as const satisfies readonly UserEvent['type'][];
