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
export type UserLoggedIn = NewEvent<'auth.logged_in' | 'auth.first_login', { sessionId: string }>;

export type UserEvent =
  | UserRegistered
  | UserPasswordChanged
  | UserPasswordReset
  | UserPasswordResetRequested
  | UserResetPasswordUsed
  | UserProfileUpdated
  | UserDeactivated
  | UserLoggedIn;

export const USER_EVENT_TYPES = [
  'user.registered',
  'user.password_changed',
  'user.password_reset',
  'user.password_reset_requested',
  'user.reset_password_used',
  'user.profile_updated',
  'user.deactivated',
  'auth.logged_in',
  'auth.first_login',
] as const satisfies readonly UserEvent['type'][];
