import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { lawyerAssignmentDecider } from './lawyer-assignment.decider.js';

const given = specFor(lawyerAssignmentDecider);
const created: NewEvent = { type: 'customer.created', data: { customerId: 'c1' } };
const deleted: NewEvent = { type: 'customer.deleted', data: { userId: 'u1', brokerId: null } };
const moved = (to: string, from: string, lawyerId: string | null): NewEvent => ({
  type: `lawyer.${to}`,
  data: { lawyerId, from },
});

describe('lawyer assignment decider', () => {
  it('puts a customer’s pick up for approval, and assigns a staff pick at once', () => {
    given([created])
      .when({ type: 'PICK', role: 'customer', lawyerId: 'l1' })
      .then([moved('pending_approve', 'empty', 'l1')]);
    given([created])
      .when({ type: 'PICK', role: 'broker', lawyerId: 'l1' })
      .then([moved('assigned', 'empty', 'l1')]);
  });

  it('approves a pending pick, keeping its lawyer', () =>
    given([created, moved('pending_approve', 'empty', 'l1')])
      .when({ type: 'APPROVE', role: 'assistant' })
      .then([moved('assigned', 'pending_approve', 'l1')]));

  it('asks staff before a customer revokes an assigned lawyer; staff keep or release them', () => {
    const assigned = [created, moved('assigned', 'empty', 'l1')];
    given(assigned)
      .when({ type: 'REVOKE', role: 'customer' })
      .then([moved('pending_revoke', 'assigned', 'l1')]);
    const pending = [...assigned, moved('pending_revoke', 'assigned', 'l1')];
    given(pending)
      .when({ type: 'REJECT_REVOKE', role: 'broker' })
      .then([moved('assigned', 'pending_revoke', 'l1')]);
    given(pending)
      .when({ type: 'APPROVE', role: 'broker' })
      .then([moved('empty', 'pending_revoke', 'l1')]);
  });

  it('lets staff edit the chosen lawyer, recording nothing on the client', () =>
    given([created, moved('assigned', 'empty', 'l1')])
      .when({ type: 'EDIT', role: 'broker', lawyerId: 'l1' })
      .then([]));

  it('refuses an edit of a lawyer who is not the chosen one', () =>
    given([created, moved('assigned', 'empty', 'l1')])
      .when({ type: 'EDIT', role: 'broker', lawyerId: 'l2' })
      .thenRefuses('not_this_lawyer'));

  it('refuses a transition the machine does not allow, by state or by role', () => {
    given([created]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('invalid_transition');
    given([created, moved('pending_approve', 'empty', 'l1')])
      .when({ type: 'APPROVE', role: 'customer' })
      .thenRefuses('transition_not_allowed');
  });

  it('refuses a client that does not exist or was deleted', () => {
    given([]).when({ type: 'PICK', role: 'broker', lawyerId: 'l1' }).thenRefuses('not_found');
    given([created, deleted]).when({ type: 'PICK', role: 'broker', lawyerId: 'l1' }).thenRefuses('not_found');
  });
});
