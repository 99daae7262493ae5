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
export type UserPasswordReset = NewEvent<
  'user.password_reset',
  { passwordHash: string; passwordDelivery: PasswordDelivery; reason: 'reset_password' | 'resend_password' }
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
  | UserProfileUpdated
  | UserDeactivated
  | UserLoggedIn;

export const USER_EVENT_TYPES = [
  'user.registered',
  'user.password_changed',
  'user.password_reset',
  'user.profile_updated',
  'user.deactivated',
  'auth.logged_in',
  'auth.first_login',
] as const satisfies readonly UserEvent['type'][];
