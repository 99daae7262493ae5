import { describe, expect, it } from '@jest/globals';
import { NO_SECOND_FACTOR } from './second-factor.js';
import { NO_ASSIGNMENTS, toCurrentUserView, toUserView } from './user.view.js';

const stored = {
  id: 'u-1',
  role: 'customer' as const,
  first_name: 'Emma',
  last_name: 'Stone',
  phone_number: '14165550101',
  email: 'emma@example.ca',
  require_change_password: true,
  customer_id: 'c-1',
  password_hash: '$argon2id$secret',
  is_active: true,
  broker_codes: [],
};

describe('the user view', () => {
  it('carries the fields of the view only, never the password hash', () => {
    expect(toUserView(stored)).toEqual({
      id: 'u-1',
      user_id: 'u-1',
      role: 'customer',
      first_name: 'Emma',
      last_name: 'Stone',
      phone_number: '14165550101',
      email: 'emma@example.ca',
      require_change_password: true,
      customer_id: 'c-1',
    });
  });

  it('adds the assignments for the signed-in user', () => {
    const assigned = {
      lawyer: 'l-1',
      lawyer_status: 'assigned' as const,
      appraiser: null,
      appraiser_status: 'empty' as const,
    };
    expect(toCurrentUserView(stored, assigned, NO_SECOND_FACTOR)).toEqual({
      ...toUserView(stored),
      ...assigned,
      second_factor: NO_SECOND_FACTOR,
      broker_codes: [],
    });
    expect(
      toCurrentUserView({ ...stored, customer_id: null }, NO_ASSIGNMENTS, NO_SECOND_FACTOR),
    ).toMatchObject({
      customer_id: null,
      lawyer: null,
      lawyer_status: 'empty',
      appraiser: null,
      appraiser_status: 'empty',
    });
  });
});
