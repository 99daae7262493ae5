import { describe, expect, it } from '@jest/globals';
import { createActor } from 'xstate';
import {
  decideLawyer,
  LAWYER_STATUSES,
  lawyerAssignmentMachine,
  type LawyerAssignmentEvent,
  type LawyerStatus,
} from './lawyer-assignment.machine.js';
import { ROLES, type Role } from './roles.js';

const EVENTS: LawyerAssignmentEvent['type'][] = ['PICK', 'APPROVE', 'REJECT_REVOKE', 'REVOKE', 'EDIT'];
type Outcome = LawyerStatus | 'role' | 'state';

/** What each (state, event) does for a customer and for staff; every pair is listed. */
const EXPECTED: Record<
  LawyerStatus,
  Record<LawyerAssignmentEvent['type'], { customer: Outcome; staff: Outcome }>
> = {
  empty: {
    PICK: { customer: 'pending_approve', staff: 'assigned' },
    APPROVE: { customer: 'state', staff: 'state' },
    REJECT_REVOKE: { customer: 'state', staff: 'state' },
    REVOKE: { customer: 'state', staff: 'state' },
    EDIT: { customer: 'state', staff: 'state' },
  },
  pending_approve: {
    PICK: { customer: 'state', staff: 'state' },
    APPROVE: { customer: 'role', staff: 'assigned' },
    REJECT_REVOKE: { customer: 'state', staff: 'state' },
    REVOKE: { customer: 'empty', staff: 'empty' },
    EDIT: { customer: 'role', staff: 'pending_approve' },
  },
  pending_revoke: {
    PICK: { customer: 'state', staff: 'state' },
    APPROVE: { customer: 'role', staff: 'empty' },
    REJECT_REVOKE: { customer: 'role', staff: 'assigned' },
    REVOKE: { customer: 'state', staff: 'state' },
    EDIT: { customer: 'state', staff: 'state' },
  },
  assigned: {
    PICK: { customer: 'state', staff: 'state' },
    APPROVE: { customer: 'state', staff: 'state' },
    REJECT_REVOKE: { customer: 'state', staff: 'state' },
    REVOKE: { customer: 'pending_revoke', staff: 'empty' },
    EDIT: { customer: 'role', staff: 'assigned' },
  },
};

describe('lawyer assignment', () => {
  const cases = LAWYER_STATUSES.flatMap((status) =>
    EVENTS.flatMap((type) =>
      ROLES.map((role) => [status, type, role] as [LawyerStatus, LawyerAssignmentEvent['type'], Role]),
    ),
  );

  it.each(cases)('in %s, %s from a %s does what the rules say', (status, type, role) => {
    const expected = EXPECTED[status][type][role === 'customer' ? 'customer' : 'staff'];
    const decision = decideLawyer(status, { type, role });
    if (expected === 'role' || expected === 'state') {
      expect(decision).toMatchObject({ ok: false, reason: expected });
      if (!decision.ok) expect(decision.message).toMatch(status.replace('_', ' '));
    } else {
      expect(decision).toEqual({ ok: true, from: status, to: expected });
    }
  });

  it('walks the whole life cycle in an actor', () => {
    const actor = createActor(lawyerAssignmentMachine).start();
    actor.send({ type: 'PICK', role: 'customer' });
    expect(actor.getSnapshot().matches('pending_approve')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'APPROVE', role: 'customer' })).toBe(false);
    actor.send({ type: 'APPROVE', role: 'broker' });
    expect(actor.getSnapshot().matches('assigned')).toBe(true);
    actor.send({ type: 'REVOKE', role: 'customer' });
    expect(actor.getSnapshot().matches('pending_revoke')).toBe(true);
    actor.send({ type: 'REJECT_REVOKE', role: 'assistant' });
    expect(actor.getSnapshot().matches('assigned')).toBe(true);
    actor.send({ type: 'REVOKE', role: 'customer' });
    actor.send({ type: 'APPROVE', role: 'principal_broker' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });
});
