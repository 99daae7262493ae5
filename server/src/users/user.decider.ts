import type { Role } from '../../../machines/roles.js';
import type { Decider } from '../platform/event-store/decider.js';
import { AppError } from '../platform/http/app-error.js';
import type { PasswordDelivery, UserEvent, UserRegistered } from './user.events.js';

export interface UserState {
  exists: boolean;
  active: boolean;
  role: Role | null;
  requireChangePassword: boolean;
  hasLoggedIn: boolean;
}

export type UserCommand =
  | ({ type: 'RegisterUser' } & UserRegistered['data'])
  | { type: 'ChangePassword'; passwordHash: string }
  | {
      type: 'ResetPassword';
      passwordHash: string;
      passwordDelivery: PasswordDelivery;
      reason: 'reset_password' | 'resend_password';
    }
  | {
      type: 'UpdateProfile';
      changes: Partial<{ firstName: string; lastName: string; phoneNumber: string; email: string }>;
    }
  | { type: 'Deactivate'; reason: string };

function mustBeActive(state: UserState): void {
  if (!state.exists || !state.active)
    throw AppError.notFound('This user does not exist or is no longer active.');
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({
    exists: false,
    active: false,
    role: null,
    requireChangePassword: false,
    hasLoggedIn: false,
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
        return { ...state, requireChangePassword: false };
      case 'user.password_reset':
        return { ...state, requireChangePassword: true };
      case 'user.deactivated':
        return { ...state, active: false };
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
        if (state.exists) throw AppError.conflict('user_exists', 'This user is already registered.');
        const { type: _type, ...data } = command;
        return [{ type: 'user.registered', data }];
      }
      case 'ChangePassword':
        mustBeActive(state);
        return [{ type: 'user.password_changed', data: { passwordHash: command.passwordHash } }];
      case 'ResetPassword':
        mustBeActive(state);
        return [
          {
            type: 'user.password_reset',
            data: {
              passwordHash: command.passwordHash,
              passwordDelivery: command.passwordDelivery,
              reason: command.reason,
            },
          },
        ];
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
