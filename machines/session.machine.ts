import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * The signed-in session: the access token, refresh on start, the second factor's code after the
 * password, loading the current user, the forced password change and second-factor enrolment, and logout.
 *
 * The refresh token is an HttpOnly cookie the page never sees: a new tab or a reload starts without an
 * access token and tries a refresh, which succeeds only while the server still holds the session.
 *
 * The machine talks to no server itself. Its calls are promise actors the application provides with
 * `sessionMachine.provide({ actors, actions })`; the defaults below only fail loudly.
 * It reports what happened to the outside through emitted events (`signedIn`, `signInFailed`,
 * `accessDenied`, `codeRejected`, `passwordChanged`, `passwordChangeFailed`, `signedOut`).
 */

import { isUnreachable } from './reachability.js';
import { isRole, ROLES, type Role } from './roles.js';
import { mustEnrolSecondFactor, type SecondFactorChallenge } from './second-factor.js';
import type { CurrentUserView } from './user.view.js';

export { STAFF_ROLES } from './roles.js';
export const USER_ROLES = ROLES;
export type UserRole = Role;
export const isUserRole = isRole;

export interface SessionTokens {
  access: string;
}

/** What the password step answers: signed in, or the code from the authenticator app is asked next. */
export type SignInAnswer = SessionTokens | SecondFactorChallenge;

export interface SecondFactorInput {
  challenge: string;
  /** As typed, spaces removed (`normalCode`). */
  code: string;
}

/** The code-step error that sends the user back to the password: the challenge is no longer valid. */
export const CHALLENGE_EXPIRED = 'challenge_expired';

/** The `code` of an API error (`{ code }` or `{ errors: [{ code }] }`), without knowing the HTTP client. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const nested = typeof first === 'object' && first !== null ? (first as { code?: unknown }).code : undefined;
  return typeof nested === 'string' ? nested : undefined;
}

/** How long a session that could not be picked up waits before it is tried again. */
export const RETRY_REFRESH_MS = 3000;

export interface SignInCredentials {
  /** '1' followed by the 10 local digits. */
  phone_number: string;
  password: string;
}

export interface SessionInput {
  access?: string | null;
}

export interface SessionContext {
  access: string | null;
  user: CurrentUserView | null;
  /** The last failure (sign in, refresh, loading the user or changing the password). */
  error: unknown;
  /** How the current user load started: a fresh sign-in greets the user, a restored session does not. */
  origin: 'restore' | 'signIn';
  /** Between a right password and the code from the authenticator app: what the code is sent with. */
  challenge: string | null;
}

export type SessionEvent =
  | { type: 'SIGN_IN'; credentials: SignInCredentials }
  /** The code from the authenticator app (or a recovery code) after a right password. */
  | { type: 'SUBMIT_CODE'; code: string }
  /** Leaves the code step for the password form. */
  | { type: 'CANCEL' }
  | { type: 'CHANGE_PASSWORD'; password: string }
  | { type: 'LOGOUT' }
  /** The HTTP client refreshed the tokens on its own (after a 401). */
  | { type: 'TOKENS.UPDATED'; tokens: SessionTokens }
  /** The HTTP client could not refresh: the tokens are gone. */
  | { type: 'SESSION.EXPIRED' }
  /** A newer copy of the current user (for example after a profile change). */
  | { type: 'USER.UPDATED'; user: CurrentUserView };

export type SessionEmitted =
  /** origin 'signIn' after the login form, 'restore' when an existing session was picked up. */
  | { type: 'signedIn'; user: CurrentUserView; origin: SessionContext['origin'] }
  | { type: 'signInFailed'; error: unknown }
  /** The code was refused (wrong, malformed, too many tries); the code step stays open. */
  | { type: 'codeRejected'; error: unknown }
  | { type: 'accessDenied'; user: CurrentUserView }
  | { type: 'passwordChanged'; user: CurrentUserView }
  | { type: 'passwordChangeFailed'; error: unknown }
  | { type: 'signedOut'; reason: 'logout' | 'expired' | 'failed' };

/** Time the sign-in button stays locked after an attempt. */
export const SIGN_IN_LOCK_MS = 3000;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`session actor "${name}" was not provided`));

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    obtainTokens: fromPromise<SignInAnswer, SignInCredentials>(notProvided('obtainTokens')),
    verifySecondFactor: fromPromise<SessionTokens, SecondFactorInput>(notProvided('verifySecondFactor')),
    refreshTokens: fromPromise<SessionTokens, void>(notProvided('refreshTokens')),
    loadUser: fromPromise<CurrentUserView, void>(notProvided('loadUser')),
    changePassword: fromPromise<CurrentUserView, { password: string }>(notProvided('changePassword')),
  },
  actions: {
    /** Writes the tokens where the HTTP client reads them. */
    persistTokens: (_, _params: SessionTokens) => {},
    /** Removes the tokens and every piece of stored user data. */
    clearSession: () => {},
    /** Asks the server to end the session (its tokens and open connections); the answer is not awaited. */
    endServerSession: () => {},
    /**
     * Forgets what the user typed and did not send. Only signing out does: a session that ran out keeps
     * it for the same user signing in again.
     */
    forgetDrafts: () => {},
    setTokens: assign((_, tokens: SessionTokens) => ({ access: tokens.access })),
    setUser: assign((_, user: CurrentUserView) => ({ user, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    forget: assign({ access: null, user: null, challenge: null }),
    setChallenge: assign((_, params: SecondFactorChallenge) => ({ challenge: params.challenge })),
    dropChallenge: assign({ challenge: null }),
    reportSignedIn: emit(({ context }, user: CurrentUserView) => ({
      type: 'signedIn' as const,
      user,
      origin: context.origin,
    })),
    reportSignInFailed: emit((_, params: { error: unknown }) => ({
      type: 'signInFailed' as const,
      error: params.error,
    })),
    reportCodeRejected: emit((_, params: { error: unknown }) => ({
      type: 'codeRejected' as const,
      error: params.error,
    })),
    reportAccessDenied: emit((_, user: CurrentUserView) => ({ type: 'accessDenied' as const, user })),
    reportPasswordChanged: emit((_, user: CurrentUserView) => ({ type: 'passwordChanged' as const, user })),
    reportPasswordChangeFailed: emit((_, params: { error: unknown }) => ({
      type: 'passwordChangeFailed' as const,
      error: params.error,
    })),
    reportSignedOut: emit((_, reason: 'logout' | 'expired' | 'failed') => ({
      type: 'signedOut' as const,
      reason,
    })),
  },
  guards: {
    hasAccessToken: ({ context }) => !!context.access,
    hasKnownRole: (_, user: CurrentUserView) => isUserRole(user.role),
    isFreshSignIn: ({ context }) => context.origin === 'signIn',
    requiresPasswordChange: ({ context }) => !!context.user?.require_change_password,
    requiresSecondFactorEnrolment: ({ context }) =>
      !!context.user && mustEnrolSecondFactor(context.user.second_factor),
    isChallenge: (_, answer: SignInAnswer) => 'challenge' in answer && typeof answer.challenge === 'string',
    isChallengeExpired: (_, params: { error: unknown }) => errorCodeOf(params.error) === CHALLENGE_EXPIRED,
    isUnreachable: (_, params: { error: unknown }) => isUnreachable(params.error),
  },
  delays: {
    signInLock: SIGN_IN_LOCK_MS,
    retryRefresh: RETRY_REFRESH_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    access: input?.access ?? null,
    user: null,
    error: null,
    origin: 'restore',
    challenge: null,
  }),
  initial: 'starting',
  on: {
    'TOKENS.UPDATED': {
      actions: { type: 'setTokens', params: ({ event }) => event.tokens },
    },
  },
  states: {
    starting: {
      // Without an access token the cookie may still hold a session: a refresh finds out.
      always: [{ guard: 'hasAccessToken', target: 'loadingUser' }, { target: 'refreshing' }],
    },

    refreshing: {
      invoke: {
        src: 'refreshTokens',
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'setTokens', params: ({ event }) => event.output },
            { type: 'persistTokens', params: ({ event }) => event.output },
          ],
        },
        onError: [
          // The server out of reach (a dropped network, a restart): the session is kept and tried again.
          {
            guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) },
            target: 'unreachable',
          },
          // No session to pick up is the usual start of a visitor, not an expiry: nothing is reported.
          {
            target: 'signedOut',
            actions: [
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              'forget',
              'clearSession',
            ],
          },
        ],
      },
    },

    unreachable: {
      after: { retryRefresh: 'refreshing' },
    },

    signingIn: {
      entry: assign({ origin: 'signIn', error: null }),
      invoke: {
        src: 'obtainTokens',
        input: ({ event }) => {
          if (event.type !== 'SIGN_IN') throw new Error('signingIn is entered by SIGN_IN only');
          return event.credentials;
        },
        onDone: [
          {
            guard: { type: 'isChallenge', params: ({ event }) => event.output },
            target: 'secondFactor',
            actions: {
              type: 'setChallenge',
              params: ({ event }) => event.output as SecondFactorChallenge,
            },
          },
          {
            target: 'loadingUser',
            actions: [
              { type: 'setTokens', params: ({ event }) => event.output as SessionTokens },
              { type: 'persistTokens', params: ({ event }) => event.output as SessionTokens },
            ],
          },
        ],
        onError: {
          target: 'signedOut.locked',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportSignInFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },

    /** The password was right; the code from the authenticator app (or a recovery code) is asked. */
    secondFactor: {
      initial: 'idle',
      exit: 'dropChallenge',
      on: {
        CANCEL: { target: 'signedOut', actions: assign({ error: null }) },
      },
      states: {
        idle: {
          on: { SUBMIT_CODE: { target: 'verifying' } },
        },
        verifying: {
          entry: assign({ error: null }),
          invoke: {
            src: 'verifySecondFactor',
            input: ({ context, event }) => {
              if (event.type !== 'SUBMIT_CODE') throw new Error('verifying is entered by SUBMIT_CODE only');
              return { challenge: context.challenge ?? '', code: event.code };
            },
            onDone: {
              target: '#session.loadingUser',
              actions: [
                { type: 'setTokens', params: ({ event }) => event.output },
                { type: 'persistTokens', params: ({ event }) => event.output },
              ],
            },
            onError: [
              {
                // The password is asked again: the challenge it earned ran out.
                guard: { type: 'isChallengeExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportSignInFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'reportCodeRejected', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },

    loadingUser: {
      invoke: {
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'hasKnownRole', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              { type: 'setUser', params: ({ event }) => event.output },
              { type: 'reportSignedIn', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'signedOut.locked',
            actions: [
              'forget',
              'clearSession',
              { type: 'reportAccessDenied', params: ({ event }) => event.output },
              { type: 'reportSignedOut', params: 'failed' },
            ],
          },
        ],
        onError: [
          {
            guard: 'isFreshSignIn',
            target: 'signedOut.locked',
            actions: [
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              'forget',
              'clearSession',
              { type: 'reportSignInFailed', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'signedOut',
            actions: [
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              'forget',
              'clearSession',
              { type: 'reportSignedOut', params: 'expired' },
            ],
          },
        ],
      },
    },

    signedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: { SIGN_IN: { target: '#session.signingIn' } },
        },
        /** One request at a time: the sign-in button comes back 3000 ms after an attempt. */
        locked: {
          after: { signInLock: { target: 'idle' } },
        },
      },
    },

    signedIn: {
      initial: 'checking',
      on: {
        LOGOUT: {
          target: 'signedOut',
          actions: [
            'endServerSession',
            'forget',
            'clearSession',
            'forgetDrafts',
            { type: 'reportSignedOut', params: 'logout' },
          ],
        },
        'SESSION.EXPIRED': {
          target: 'signedOut',
          actions: ['forget', 'clearSession', { type: 'reportSignedOut', params: 'expired' }],
        },
      },
      states: {
        checking: {
          always: [
            { guard: 'requiresPasswordChange', target: 'passwordChangeRequired' },
            { guard: 'requiresSecondFactorEnrolment', target: 'secondFactorRequired' },
            { target: 'active' },
          ],
        },
        active: {
          on: {
            CHANGE_PASSWORD: { target: 'changingPassword' },
            'USER.UPDATED': {
              target: 'checking',
              actions: { type: 'setUser', params: ({ event }) => event.user },
            },
          },
        },
        /**
         * The brokerage requires a second factor and this staff member has none: every private page sends
         * them to enrolment until a reloaded user (`USER.UPDATED`) has it.
         */
        secondFactorRequired: {
          on: {
            CHANGE_PASSWORD: { target: 'changingPassword' },
            'USER.UPDATED': {
              target: 'checking',
              actions: { type: 'setUser', params: ({ event }) => event.user },
            },
          },
        },
        /** Every private page sends the user to the password-change screen until this is done. */
        passwordChangeRequired: {
          on: { CHANGE_PASSWORD: { target: 'changingPassword' } },
        },
        changingPassword: {
          invoke: {
            src: 'changePassword',
            input: ({ event }) => {
              if (event.type !== 'CHANGE_PASSWORD')
                throw new Error('changingPassword is entered by CHANGE_PASSWORD');
              return { password: event.password };
            },
            onDone: {
              target: 'checking',
              actions: [
                { type: 'setUser', params: ({ event }) => event.output },
                { type: 'reportPasswordChanged', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'checking',
              actions: [
                { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportPasswordChangeFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
