import { describe, expect, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { USED_RECOVERY_CODE, userDecider } from './user.decider.js';
import type { UserEvent } from './user.events.js';

const given = specFor(userDecider);
const registered: UserEvent = {
  type: 'user.registered',
  data: {
    userId: 'u1',
    role: 'customer',
    firstName: 'Emma',
    lastName: 'Wilson',
    phoneNumber: '14165550103',
    email: 'emma@example.com',
    passwordHash: 'hash-1',
    requireChangePassword: true,
    customerId: 'c1',
    passwordDelivery: { nonce: 'n1' },
  },
};
const { type: _type, ...registration } = { type: 'RegisterUser' as const, ...registered.data };

describe('user', () => {
  it('registers a new user', () => {
    given([])
      .when({ type: 'RegisterUser', ...registration })
      .then([registered]);
  });

  it('refuses to register the same user twice', () => {
    given([registered])
      .when({ type: 'RegisterUser', ...registration })
      .thenRefuses('user_exists');
  });

  it('records a password change by its hash only', () => {
    given([registered])
      .when({ type: 'ChangePassword', passwordHash: 'hash-2' })
      .then([{ type: 'user.password_changed', data: { passwordHash: 'hash-2' } }]);
  });

  it('refuses to change the password of a deactivated user', () => {
    given([registered, { type: 'user.deactivated', data: { reason: 'customer deleted' } }])
      .when({ type: 'ChangePassword', passwordHash: 'hash-2' })
      .thenRefuses('not_found');
  });

  it('writes nothing for a profile update that changes nothing', () => {
    given([registered])
      .when({ type: 'UpdateProfile', changes: { email: undefined } })
      .then([]);
  });
});

describe('signing in', () => {
  it('records the first sign-in of an account as such', () => {
    given([registered])
      .when({ type: 'RecordSignIn', sessionId: 's1' })
      .then([{ type: 'auth.first_login', data: { sessionId: 's1' } }]);
  });

  it('records later sign-ins as sign-ins', () => {
    given([registered, { type: 'auth.first_login', data: { sessionId: 's1' } }])
      .when({ type: 'RecordSignIn', sessionId: 's2' })
      .then([{ type: 'auth.logged_in', data: { sessionId: 's2' } }]);
  });

  it('refuses a sign-in to a deactivated account', () => {
    given([registered, { type: 'user.deactivated', data: { reason: 'client deleted' } }])
      .when({ type: 'RecordSignIn', sessionId: 's1' })
      .thenRefuses('invalid_credentials');
  });

  it('refuses a sign-in to an account that was never registered', () => {
    given([]).when({ type: 'RecordSignIn', sessionId: 's1' }).thenRefuses('invalid_credentials');
  });
});

describe('profile and deactivation', () => {
  it('records only the fields sent', () => {
    given([registered])
      .when({ type: 'UpdateProfile', changes: { phoneNumber: '14165550199', email: undefined } })
      .then([{ type: 'user.profile_updated', data: { phoneNumber: '14165550199' } }]);
  });

  it('records only the fields that changed: a form sends them all', () => {
    given([registered])
      .when({
        type: 'UpdateProfile',
        changes: { firstName: 'Emma', lastName: 'Wilson-Park', email: 'emma@example.com' },
      })
      .then([{ type: 'user.profile_updated', data: { lastName: 'Wilson-Park' } }]);
    given([registered, { type: 'user.profile_updated', data: { lastName: 'Wilson-Park' } }])
      .when({ type: 'UpdateProfile', changes: { lastName: 'Wilson-Park' } })
      .then([]);
  });

  it('refuses a profile update of a deactivated user', () => {
    given([registered, { type: 'user.deactivated', data: { reason: 'client deleted' } }])
      .when({ type: 'UpdateProfile', changes: { firstName: 'Em' } })
      .thenRefuses('not_found');
  });

  it('deactivates an active user once', () => {
    given([registered])
      .when({ type: 'Deactivate', reason: 'client deleted' })
      .then([{ type: 'user.deactivated', data: { reason: 'client deleted' } }]);
    given([registered, { type: 'user.deactivated', data: { reason: 'client deleted' } }])
      .when({ type: 'Deactivate', reason: 'client deleted' })
      .then([]);
  });
});

describe('password reset', () => {
  const at = '2026-11-22T10:00:00.000Z';
  const requested = (nonce: string, hash: string, requestedAt = at): UserEvent => ({
    type: 'user.password_reset_requested',
    data: {
      passwordHash: hash,
      passwordDelivery: { nonce },
      reason: 'reset_password',
      expiresAt: new Date(Date.parse(requestedAt) + 30 * 60 * 1000).toISOString(),
    },
  });
  const used = (nonce: string, hash: string): UserEvent => ({
    type: 'user.reset_password_used',
    data: { passwordHash: hash, nonce },
  });

  it('records a pending password by its hash and delivery nonce, expiring after 30 minutes', () => {
    given([registered])
      .when({
        type: 'RequestPasswordReset',
        passwordHash: 'hash-3',
        passwordDelivery: { nonce: 'n2' },
        reason: 'reset_password',
        at,
      })
      .then([requested('n2', 'hash-3')]);
  });

  it('signs in with the pending password after an earlier sign-in as a later sign-in', () => {
    given([registered, { type: 'auth.first_login', data: { sessionId: 's0' } }, requested('n2', 'hash-3')])
      .when({ type: 'SignInWithResetPassword', sessionId: 's1', nonce: 'n2', at })
      .then([used('n2', 'hash-3'), { type: 'auth.logged_in', data: { sessionId: 's1' } }]);
  });

  it('makes the pending password the password when it is used in time', () => {
    given([registered, requested('n2', 'hash-3')])
      .when({ type: 'SignInWithResetPassword', sessionId: 's1', nonce: 'n2', at: '2026-11-22T10:29:59.000Z' })
      .then([used('n2', 'hash-3'), { type: 'auth.first_login', data: { sessionId: 's1' } }]);
  });

  it('refuses a pending password after 30 minutes', () => {
    given([registered, requested('n2', 'hash-3')])
      .when({ type: 'SignInWithResetPassword', sessionId: 's1', nonce: 'n2', at: '2026-11-22T10:30:00.000Z' })
      .thenRefuses('invalid_credentials');
  });

  it('refuses a pending password that a later request replaced', () => {
    given([registered, requested('n2', 'hash-3'), requested('n3', 'hash-4', '2026-11-22T10:05:00.000Z')])
      .when({ type: 'SignInWithResetPassword', sessionId: 's1', nonce: 'n2', at: '2026-11-22T10:06:00.000Z' })
      .thenRefuses('invalid_credentials');
  });

  it('uses a pending password once', () => {
    given([registered, requested('n2', 'hash-3'), used('n2', 'hash-3')])
      .when({ type: 'SignInWithResetPassword', sessionId: 's1', nonce: 'n2', at: '2026-11-22T10:10:00.000Z' })
      .thenRefuses('invalid_credentials');
  });

  it('drops a pending password when the user chooses a password', () => {
    given([
      registered,
      requested('n2', 'hash-3'),
      { type: 'user.password_changed', data: { passwordHash: 'h' } },
    ])
      .when({ type: 'SignInWithResetPassword', sessionId: 's1', nonce: 'n2', at: '2026-11-22T10:10:00.000Z' })
      .thenRefuses('invalid_credentials');
  });

  it('sends no second password when the same reset is asked for again within 30 seconds', () => {
    const again = (reason: 'reset_password' | 'resend_password', seconds: number) => ({
      type: 'RequestPasswordReset' as const,
      passwordHash: 'hash-4',
      passwordDelivery: { nonce: 'n3' },
      reason,
      at: new Date(Date.parse(at) + seconds * 1000).toISOString(),
    });
    // The public reset answers the same either way; staff are told.
    given([registered, requested('n2', 'hash-3')])
      .when(again('reset_password', 29))
      .then([]);
    given([registered, requested('n2', 'hash-3')])
      .when(again('resend_password', 29))
      .thenRefuses('password_just_sent');
    given([registered, requested('n2', 'hash-3')])
      .when(again('resend_password', 30))
      .then([
        {
          type: 'user.password_reset_requested',
          data: {
            passwordHash: 'hash-4',
            passwordDelivery: { nonce: 'n3' },
            reason: 'resend_password',
            expiresAt: new Date(Date.parse(at) + 30 * 1000 + 30 * 60 * 1000).toISOString(),
          },
        },
      ]);
  });

  it('refuses a reset for a deactivated user', () => {
    given([registered, { type: 'user.deactivated', data: { reason: 'client deleted' } }])
      .when({
        type: 'RequestPasswordReset',
        passwordHash: 'hash-3',
        passwordDelivery: { nonce: 'n2' },
        reason: 'resend_password',
        at,
      })
      .thenRefuses('not_found');
  });

  it('still replays an older immediate reset as asking for a new password', () => {
    const state = [
      registered,
      { type: 'user.password_changed', data: { passwordHash: 'h' } } as UserEvent,
      {
        type: 'user.password_reset',
        data: { passwordHash: 'hash-3', passwordDelivery: { nonce: 'n2' }, reason: 'reset_password' },
      } as UserEvent,
    ].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toMatchObject({ requireChangePassword: true, pendingReset: null });
  });
});

describe('two-factor sign-in', () => {
  const staff: UserEvent = {
    ...registered,
    data: { ...registered.data, role: 'broker', customerId: null } as typeof registered.data,
  } as UserEvent;
  const enabled: UserEvent = {
    type: 'user.second_factor_enabled',
    data: { sealedSecret: 'sealed', recoveryCodeHashes: ['h0', 'h1', 'h2'], step: 100 },
  };
  const enable = {
    type: 'EnableSecondFactor' as const,
    sealedSecret: 'sealed',
    recoveryCodeHashes: ['h0', 'h1', 'h2'],
    step: 100,
  };

  it('is turned on for staff with the step of the first code', () => {
    given([staff]).when(enable).then([enabled]);
  });

  it('is not for customers', () => {
    given([registered]).when(enable).thenRefuses('permission_denied');
  });

  it('refuses a sign-in without a code once it is on', () => {
    given([staff, enabled])
      .when({ type: 'RecordSignIn', sessionId: 's1' })
      .thenRefuses('second_factor_required');
  });

  it('spends a later code with the sign-in', () => {
    given([staff, enabled])
      .when({ type: 'RecordSignIn', sessionId: 's1', secondFactor: { step: 101 } })
      .then([
        { type: 'user.second_factor_used', data: { step: 101 } },
        { type: 'auth.first_login', data: { sessionId: 's1' } },
      ]);
  });

  it('refuses a code of a step already used, even when two sign-ins race with it', () => {
    const used: UserEvent = { type: 'user.second_factor_used', data: { step: 101 } };
    given([staff, enabled, used])
      .when({ type: 'RecordSignIn', sessionId: 's2', secondFactor: { step: 101 } })
      .thenRefuses('invalid_code');
    given([staff, enabled])
      .when({ type: 'RecordSignIn', sessionId: 's2', secondFactor: { step: 100 } })
      .thenRefuses('invalid_code');
  });

  it('takes each recovery code once', () => {
    const spent: UserEvent = { type: 'user.recovery_code_used', data: { index: 1 } };
    given([staff, enabled])
      .when({ type: 'RecordSignIn', sessionId: 's1', secondFactor: { recoveryIndex: 1 } })
      .then([spent, { type: 'auth.first_login', data: { sessionId: 's1' } }]);
    given([staff, enabled, spent])
      .when({ type: 'RecordSignIn', sessionId: 's2', secondFactor: { recoveryIndex: 1 } })
      .thenRefuses('invalid_code', USED_RECOVERY_CODE);
  });

  it('is turned off with a code, or reset by a principal broker; then the password alone signs in', () => {
    given([staff, enabled])
      .when({ type: 'TurnOffSecondFactor', proof: { step: 102 } })
      .then([
        { type: 'user.second_factor_used', data: { step: 102 } },
        { type: 'user.second_factor_removed', data: { reason: 'turned_off' } },
      ]);
    const reset: UserEvent = { type: 'user.second_factor_removed', data: { reason: 'reset' } };
    given([staff, enabled]).when({ type: 'ResetSecondFactor' }).then([reset]);
    given([staff, enabled, reset])
      .when({ type: 'RecordSignIn', sessionId: 's3' })
      .then([{ type: 'auth.first_login', data: { sessionId: 's3' } }]);
  });

  it('cannot be turned on twice', () => {
    given([staff, enabled]).when(enable).thenRefuses('second_factor_enabled');
  });

  it('replaces the recovery codes with a later app code, spent ones included', () => {
    const spent: UserEvent = { type: 'user.recovery_code_used', data: { index: 1 } };
    const replaced: UserEvent = {
      type: 'user.recovery_codes_replaced',
      data: { recoveryCodeHashes: ['n0', 'n1', 'n2'] },
    };
    const replace = {
      type: 'ReplaceRecoveryCodes' as const,
      step: 103,
      recoveryCodeHashes: ['n0', 'n1', 'n2'],
    };
    given([staff, enabled, spent])
      .when(replace)
      .then([{ type: 'user.second_factor_used', data: { step: 103 } }, replaced]);
    // The new code at index 1 is unspent.
    given([staff, enabled, spent, replaced])
      .when({ type: 'RecordSignIn', sessionId: 's4', secondFactor: { recoveryIndex: 1 } })
      .then([
        { type: 'user.recovery_code_used', data: { index: 1 } },
        { type: 'auth.first_login', data: { sessionId: 's4' } },
      ]);
    given([staff, enabled])
      .when({ ...replace, step: 100 })
      .thenRefuses('invalid_code');
    given([staff]).when(replace).thenRefuses('second_factor_off');
  });
});
