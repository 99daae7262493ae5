import type { Role } from '../../../machines/roles.js';
import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type {
  PasswordDelivery,
  PasswordResetReason,
  UserEvent,
  UserLoggedIn,
  UserRegistered,
} from './user.events.js';

/** How long a texted password can be used before it expires unused. */
export const RESET_PASSWORD_TTL_MS = 30 * 60 * 1000;

export interface PendingReset {
  nonce: string;
  passwordHash: string;
  expiresAt: string;
}

export interface UserState {
  exists: boolean;
  active: boolean;
  role: Role | null;
  requireChangePassword: boolean;
  hasLoggedIn: boolean;
  pendingReset: PendingReset | null;
}

export type UserCommand =
  | ({ type: 'RegisterUser' } & UserRegistered['data'])
  | { type: 'ChangePassword'; passwordHash: string }
  | {
      type: 'RequestPasswordReset';
      passwordHash: string;
      passwordDelivery: PasswordDelivery;
      reason: PasswordResetReason;
      /** The clock time of the request (ISO 8601). */
      at: string;
    }
  /** The caller has checked the password; the first sign-in of an account is recorded as such. */
  | { type: 'RecordSignIn'; sessionId: string }
  /**
   * A sign-in with the texted password: the caller has checked that the presented password matches the
   * pending one with this nonce, which becomes the password.
   */
  | { type: 'SignInWithResetPassword'; sessionId: string; nonce: string; at: string }
  | {
      type: 'UpdateProfile';
      changes: Partial<{ firstName: string; lastName: string; phoneNumber: string; email: string }>;
    }
  | { type: 'Deactivate'; reason: string };

function mustBeActive(state: UserState): void {
  if (!state.exists || !state.active)
    throw DomainError.notFound('This user does not exist or is no longer active.');
}

function usablePendingReset(state: UserState, nonce: string, at: string): PendingReset {
  const pending = state.pendingReset;
  if (!state.active || !pending || pending.nonce !== nonce || Date.parse(at) >= Date.parse(pending.expiresAt))
    throw DomainError.unauthorized(
      'invalid_credentials',
      'No active account found with the given credentials',
    );
  return pending;
}

function signedIn(state: UserState, sessionId: string): UserLoggedIn {
  if (!state.exists || !state.active)
    throw DomainError.unauthorized(
      'invalid_credentials',
      'No active account found with the given credentials',
    );
  return { type: state.hasLoggedIn ? 'auth.logged_in' : 'auth.first_login', data: { sessionId } };
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({
    exists: false,
    active: false,
    role: null,
    requireChangePassword: false,
    hasLoggedIn: false,
    pendingReset: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'user.registered':
        return {
          ...state,
          exists: true,
          active: true,
          role: event.data.role,
          requireChangePassword: event.data.requireChangePassword,
        };
      case 'user.password_changed':
        return { ...state, requireChangePassword: false, pendingReset: null };
      case 'user.password_reset':
        return { ...state, requireChangePassword: true, pendingReset: null };
      case 'user.password_reset_requested':
        return {
          ...state,
          pendingReset: {
            nonce: event.data.passwordDelivery.nonce,
            passwordHash: event.data.passwordHash,
            expiresAt: event.data.expiresAt,
          },
        };
      case 'user.reset_password_used':
        return { ...state, requireChangePassword: true, pendingReset: null };
      case 'user.deactivated':
        return { ...state, active: false, pendingReset: null };
      case 'auth.logged_in':
      case 'auth.first_login':
        return { ...state, hasLoggedIn: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.exists) throw DomainError.conflict('user_exists', 'This user is already registered.');
        const { type: _type, ...data } = command;
        return [{ type: 'user.registered', data }];
      }
      case 'ChangePassword':
        mustBeActive(state);
        return [{ type: 'user.password_changed', data: { passwordHash: command.passwordHash } }];
      case 'RequestPasswordReset':
        mustBeActive(state);
        return [
          {
            type: 'user.password_reset_requested',
            data: {
              passwordHash: command.passwordHash,
              passwordDelivery: command.passwordDelivery,
              reason: command.reason,
              expiresAt: new Date(Date.parse(command.at) + RESET_PASSWORD_TTL_MS).toISOString(),
            },
          },
        ];
      case 'RecordSignIn':
        return [signedIn(state, command.sessionId)];
      case 'SignInWithResetPassword': {
        const pending = usablePendingReset(state, command.nonce, command.at);
        return [
          {
            type: 'user.reset_password_used',
            data: { passwordHash: pending.passwordHash, nonce: pending.nonce },
          },
          signedIn(state, command.sessionId),
        ];
      }
      case 'UpdateProfile': {
        mustBeActive(state);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([, value]) => value !== undefined),
        );
        return Object.keys(changes).length === 0 ? [] : [{ type: 'user.profile_updated', data: changes }];
      }
      case 'Deactivate':
        if (!state.exists || !state.active) return [];
        return [{ type: 'user.deactivated', data: { reason: command.reason } }];
    }
  },
};
