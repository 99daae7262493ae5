import type { Caller } from '../platform/auth/auth.decorators.js';

/**
 * Who may see a client: principal brokers and assistants see every client, a broker only the clients
 * they broker, a customer only themselves. Every customer list and lookup applies this condition to
 * `customers c`.
 */
export function visibilityCondition(
  caller: Pick<Caller, 'id' | 'role' | 'customerId'>,
  parameter: number,
): { sql: string; value: string | null } {
  switch (caller.role) {
    case 'principal_broker':
    case 'assistant':
      return { sql: 'TRUE', value: null };
    case 'broker':
      return { sql: `c.broker_id = $${parameter}`, value: caller.id };
    case 'customer':
      return {
        sql: `c.id = $${parameter}`,
        value: caller.customerId ?? '00000000-0000-0000-0000-000000000000',
      };
  }
}

/** The same rule on one client, for a command that decides on the client's own state. */
export function sees(
  caller: Pick<Caller, 'id' | 'role' | 'customerId'>,
  client: { id: string; brokerId: string | null },
): boolean {
  switch (caller.role) {
    case 'principal_broker':
    case 'assistant':
      return true;
    case 'broker':
      return client.brokerId === caller.id;
    case 'customer':
      return client.id === caller.customerId;
  }
}

/** The visibility condition as the next parameter of a query: its value, if any, is added to `params`. */
export function visibleTo(caller: Pick<Caller, 'id' | 'role' | 'customerId'>, params: unknown[]): string {
  const scope = visibilityCondition(caller, params.length + 1);
  if (scope.value !== null) params.push(scope.value);
  return scope.sql;
}
