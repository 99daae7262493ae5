import { describe, expect, it } from '@jest/globals';
import { sees, visibilityCondition } from './customer-access.js';

const client = { id: 'client-1', brokerId: 'broker-1' };
const caller = (role: 'principal_broker' | 'assistant' | 'broker' | 'customer', id = 'user-1') => ({
  id,
  role,
  customerId: role === 'customer' ? id : null,
});

describe('who may see a client, on its state', () => {
  it('lets principal brokers and assistants see every client, as the query condition does', () => {
    for (const role of ['principal_broker', 'assistant'] as const) {
      expect(sees(caller(role), client)).toBe(true);
      expect(sees(caller(role), { id: 'client-2', brokerId: null })).toBe(true);
      expect(visibilityCondition(caller(role), 1).sql).toBe('TRUE');
    }
  });

  it('lets a broker see only the clients they broker', () => {
    expect(sees(caller('broker', 'broker-1'), client)).toBe(true);
    expect(sees(caller('broker', 'broker-2'), client)).toBe(false);
    expect(sees(caller('broker', 'broker-1'), { id: 'client-2', brokerId: null })).toBe(false);
    expect(visibilityCondition(caller('broker', 'broker-1'), 1)).toEqual({
      sql: 'c.broker_id = $1',
      value: 'broker-1',
    });
  });

  it('lets a customer see only themselves', () => {
    expect(sees(caller('customer', 'client-1'), client)).toBe(true);
    expect(sees(caller('customer', 'client-2'), client)).toBe(false);
  });
});
