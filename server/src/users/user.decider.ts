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

/** What confirmed a sign-in as well as the password: an app's code of this time step, or a recovery code. */
export type SecondFactorProof = { step: number } | { recoveryIndex: number };

/** A staff member's authenticator app: the last time step used and which recovery codes are spent. */
export interface SecondFactorState {
  lastStep: number;
  recoveryUsed: boolean[];
}

/** How long a texted password can be used before it expires unused. */
export const RESET_PASSWORD_TTL_MS = 30 * 60 * 1000;

/**
 * A second request for a texted password this soon after the last is the same request sent twice (a double
 * click, a retry): it sends nothing, so the password the first text carries stays the one that works.
 */
export const RESET_PASSWORD_GAP_MS = 30 * 1000;

export interface PendingReset {
  nonce: string;
  passwordHash: string;
  expiresAt: string;
}

/** Who the account names: what a profile change is compared with, so it records only what changed. */
export type UserProfile = { firstName: string; lastName: string; phoneNumber: string; email: string };

export interface UserState {
  exists: boolean;
  profile: UserProfile | null;
  active: boolean;
  role: Role | null;
  requireChangePassword: boolean;
  hasLoggedIn: boolean;
  pendingReset: PendingReset | null;
  brokerCodes: string[];
  secondFactor: SecondFactorState | null;
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
  /**
   * The caller has checked the password (and the code, whose proof comes along); the first sign-in of an
   * account is recorded as such.
   */
  | { type: 'RecordSignIn'; sessionId: string; secondFactor?: SecondFactorProof }
  /**
   * A sign-in with the texted password: the caller has checked that the presented password matches the
   * pending one with this nonce, which becomes the password.
   */
  | {
      type: 'SignInWithResetPassword';
      sessionId: string;
      nonce: string;
      at: string;
      secondFactor?: SecondFactorProof;
    }
  /** The caller has checked the first code against the secret (`step` is that code's time step). */
  | { type: 'EnableSecondFactor'; sealedSecret: string; recoveryCodeHashes: string[]; step: number }
  | { type: 'TurnOffSecondFactor'; proof: SecondFactorProof }
  | { type: 'ReplaceRecoveryCodes'; step: number; recoveryCodeHashes: string[] }
  /** A principal broker's reset, for a colleague who lost their phone. */
  | { type: 'ResetSecondFactor' }
  | {
      type: 'UpdateProfile';
      changes: Partial<{ firstName: string; lastName: string; phoneNumber: string; email: string }>;
    }
  | { type: 'Deactivate'; reason: string }
  | { type: 'Reactivate' }
  /** A principal broker's edit of a staff member: profile, role and broker codes, each when given. */
  | {
      type: 'EditStaff';
      changes: Partial<{ firstName: string; lastName: string; email: string }>;
      role?: Role;
      codes?: string[];
    }
  /** Decides nothing: appended with the version seen, it makes a change conditional on this user's. */
  | { type: 'ConfirmActive' };

const STAFF: readonly Role[] = ['principal_broker', 'broker', 'assistant'];

function mustBeActive(state: UserState): void {
  if (!state.exists || !state.active)
    throw DomainError.notFound('This user does not exist or is no longer active.');
}

/** Whether a texted password was asked for less than `RESET_PASSWORD_GAP_MS` before `at`. */
function justRequested(state: UserState, at: string): boolean {
  if (!state.pendingReset) return false;
  const requestedAt = Date.parse(state.pendingReset.expiresAt) - RESET_PASSWORD_TTL_MS;
  const since = Date.parse(at) - requestedAt;
  return since >= 0 && since < RESET_PASSWORD_GAP_MS;
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

export const INVALID_CODE = 'That code is not right. Please try again.';
/** A right code of a step already spent (typed twice, or an earlier one still on screen). */
export const USED_CODE = 'That code can no longer be used. Please wait for the next code in your app.';
/** A recovery code of the current set typed again after it was used. */
export const USED_RECOVERY_CODE = 'That recovery code has already been used. Please use another one.';

/**
 * The event that spends a proof: a code is good once, and only if it is later than the last one used, so
 * two sign-ins racing with one code cannot both pass; a recovery code is good once.
 */
function spent(state: UserState, proof: SecondFactorProof | undefined): UserEvent[] {
  const factor = state.secondFactor;
  if (!factor) return [];
  if (!proof) throw DomainError.unauthorized('second_factor_required', 'A code from the app is needed.');
  if ('step' in proof) {
    if (proof.step <= factor.lastStep) throw DomainError.unauthorized('invalid_code', USED_CODE);
    return [{ type: 'user.second_factor_used', data: { step: proof.step } }];
  }
  const used = factor.recoveryUsed[proof.recoveryIndex];
  if (used === undefined) throw DomainError.unauthorized('invalid_code', INVALID_CODE);
  if (used) throw DomainError.unauthorized('invalid_code', USED_RECOVERY_CODE);
  return [{ type: 'user.recovery_code_used', data: { index: proof.recoveryIndex } }];
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({
    exists: false,
    profile: null,
    active: false,
    role: null,
    requireChangePassword: false,
    hasLoggedIn: false,
    pendingReset: null,
    brokerCodes: [],
    secondFactor: null,
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
          profile: {
            firstName: event.data.firstName,
            lastName: event.data.lastName,
            phoneNumber: event.data.phoneNumber,
            email: event.data.email,
          },
        };
      case 'user.profile_updated':
        return state.profile ? { ...state, profile: { ...state.profile, ...event.data } } : state;
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
      case 'user.reactivated':
        return { ...state, active: true };
      case 'user.role_changed':
        return { ...state, role: event.data.to };
      case 'user.broker_codes_changed':
        return { ...state, brokerCodes: event.data.codes };
      case 'user.second_factor_enabled':
        return {
          ...state,
          secondFactor: {
            lastStep: event.data.step,
            recoveryUsed: event.data.recoveryCodeHashes.map(() => false),
          },
        };
      case 'user.second_factor_used':
        return state.secondFactor
          ? { ...state, secondFactor: { ...state.secondFactor, lastStep: event.data.step } }
          : state;
      case 'user.recovery_code_used':
        return state.secondFactor
          ? {
              ...state,
              secondFactor: {
                ...state.secondFactor,
                recoveryUsed: state.secondFactor.recoveryUsed.map(
                  (used, i) => used || i === event.data.index,
                ),
              },
            }
          : state;
      case 'user.recovery_codes_replaced':
        return state.secondFactor
          ? {
              ...state,
              secondFactor: {
                ...state.secondFactor,
                recoveryUsed: event.data.recoveryCodeHashes.map(() => false),
              },
            }
          : state;
      case 'user.second_factor_removed':
        return { ...state, secondFactor: null };
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
        if (justRequested(state, command.at)) {
          // The public reset answers the same whatever happens, so that it reveals no account.
          if (command.reason === 'reset_password') return [];
          throw DomainError.conflict(
            'password_just_sent',
            'A new password was texted to this client a moment ago. Wait for it to arrive before sending another.',
          );
        }
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
      case 'RecordSignIn': {
        const signIn = signedIn(state, command.sessionId);
        return [...spent(state, command.secondFactor), signIn];
      }
      case 'SignInWithResetPassword': {
        const pending = usablePendingReset(state, command.nonce, command.at);
        const proof = spent(state, command.secondFactor);
        return [
          ...proof,
          {
            type: 'user.reset_password_used',
            data: { passwordHash: pending.passwordHash, nonce: pending.nonce },
          },
          signedIn(state, command.sessionId),
        ];
      }
      case 'EnableSecondFactor': {
        mustBeActive(state);
        if (!state.role || !STAFF.includes(state.role))
          throw DomainError.forbidden('Two-factor sign-in is for staff.');
        if (state.secondFactor)
          throw DomainError.conflict('second_factor_enabled', 'Two-factor sign-in is already on.');
        const { sealedSecret, recoveryCodeHashes, step } = command;
        return [{ type: 'user.second_factor_enabled', data: { sealedSecret, recoveryCodeHashes, step } }];
      }
      case 'TurnOffSecondFactor': {
        mustBeActive(state);
        if (!state.secondFactor)
          throw DomainError.conflict('second_factor_off', 'Two-factor sign-in is not on.');
        return [
          ...spent(state, command.proof),
          { type: 'user.second_factor_removed', data: { reason: 'turned_off' } },
        ];
      }
      case 'ReplaceRecoveryCodes': {
        mustBeActive(state);
        if (!state.secondFactor)
          throw DomainError.conflict('second_factor_off', 'Two-factor sign-in is not on.');
        // Only the app proves the phone is at hand: a recovery code cannot mint new ones.
        return [
          ...spent(state, { step: command.step }),
          { type: 'user.recovery_codes_replaced', data: { recoveryCodeHashes: command.recoveryCodeHashes } },
        ];
      }
      case 'ResetSecondFactor':
        mustBeActive(state);
        return state.secondFactor ? [{ type: 'user.second_factor_removed', data: { reason: 'reset' } }] : [];
      case 'UpdateProfile': {
        mustBeActive(state);
        const current: Partial<UserProfile> = state.profile ?? {};
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => value !== undefined && value !== current[key as keyof UserProfile],
          ),
        );
        return Object.keys(changes).length === 0 ? [] : [{ type: 'user.profile_updated', data: changes }];
      }
      case 'Deactivate':
        if (!state.exists || !state.active) return [];
        return [{ type: 'user.deactivated', data: { reason: command.reason } }];
      case 'Reactivate':
        if (!state.exists) throw DomainError.notFound('This user does not exist.');
        return state.active ? [] : [{ type: 'user.reactivated', data: {} }];
      case 'EditStaff': {
        mustBeActive(state);
        if (!state.role || !STAFF.includes(state.role))
          throw DomainError.notFound('This staff member does not exist.');
        const events: UserEvent[] = [
          ...userDecider.decide({ type: 'UpdateProfile', changes: command.changes }, state),
        ];
        let role = state.role;
        if (command.role && command.role !== role) {
          if (!STAFF.includes(command.role))
            throw DomainError.invalid('invalid', 'Only staff roles can be given to staff.', 'role');
          events.push({ type: 'user.role_changed', data: { from: role, to: command.role } });
          role = command.role;
        }
        const codes = command.codes ?? (role === 'assistant' ? [] : state.brokerCodes);
        if (role === 'assistant' && codes.length > 0)
          throw DomainError.invalid('invalid', 'Only brokers have broker codes.', 'broker_codes');
        if (codes.join('\n') !== state.brokerCodes.join('\n'))
          events.push({ type: 'user.broker_codes_changed', data: { codes } });
        return events;
      }
      case 'ConfirmActive':
        mustBeActive(state);
        return [];
    }
  },
};
