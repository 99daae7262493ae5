import { describe, it } from '@jest/globals';
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

  it('records a reset with the delivery nonce, never the password', () => {
    given([registered])
      .when({
        type: 'ResetPassword',
        passwordHash: 'hash-3',
        passwordDelivery: { nonce: 'n2' },
        reason: 'reset_password',
      })
      .then([
        {
          type: 'user.password_reset',
          data: { passwordHash: 'hash-3', passwordDelivery: { nonce: 'n2' }, reason: 'reset_password' },
        },
      ]);
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
