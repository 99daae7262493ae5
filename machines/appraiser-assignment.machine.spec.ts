import { describe, expect, it } from '@jest/globals';
import {
  APPRAISER_STATUSES,
  type AppraiserAssignmentEvent,
  type AppraiserStatus,
  decideAppraiser,
} from './appraiser-assignment.machine.js';
import { ROLES } from './roles.js';

const STAFF: Record<AppraiserStatus, Record<AppraiserAssignmentEvent['type'], AppraiserStatus | 'state'>> = {
  empty: { ASSIGN: 'pending_approve', APPROVE: 'state', REVOKE: 'state' },
  pending_approve: { ASSIGN: 'state', APPROVE: 'assigned', REVOKE: 'empty' },
  assigned: { ASSIGN: 'state', APPROVE: 'state', REVOKE: 'empty' },
};

describe('appraiser assignment', () => {
  const cases = APPRAISER_STATUSES.flatMap((status) =>
    (['ASSIGN', 'APPROVE', 'REVOKE'] as const).flatMap((type) =>
      ROLES.map((role) => [status, type, role] as const),
    ),
  );

  it.each(cases)('in %s, %s from a %s does what the rules say', (status, type, role) => {
    const decision = decideAppraiser(status, { type, role });
    const staffOutcome = STAFF[status][type];
    if (staffOutcome === 'state') expect(decision).toMatchObject({ ok: false, reason: 'state' });
    else if (role === 'customer') expect(decision).toMatchObject({ ok: false, reason: 'role' });
    else expect(decision).toEqual({ ok: true, from: status, to: staffOutcome });
  });
});
