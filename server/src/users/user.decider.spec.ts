import { describe, expect, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { userDecider } from './user.decider.js';
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
