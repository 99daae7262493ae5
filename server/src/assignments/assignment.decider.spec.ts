import { describe, expect, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { appraiserAssignment, appraiserAssignmentDecider } from '../appraisers/appraiser-assignment.js';
import type { AppraisalDetails, QuoteRequestDetails } from '../appraisers/appraiser.events.js';
import { lawyerAssignment, lawyerAssignmentDecider } from '../lawyers/lawyer-assignment.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

const created: NewEvent = { type: 'customer.created', data: { customerId: 'c1' } };
const deleted: NewEvent = { type: 'customer.deleted', data: { userId: 'u1', brokerId: null } };

describe('assignment event types', () => {
  it('keeps the names already in the log', () => {
    expect(lawyerAssignment.events).toEqual({
      empty: 'lawyer.empty',
      pending_approve: 'lawyer.pending_approve',
      pending_revoke: 'lawyer.pending_revoke',
      assigned: 'lawyer.assigned',
    });
    expect(appraiserAssignment.events).toEqual({
      empty: 'appraiser.empty',
      pending_approve: 'appraiser.pending_approve',
      assigned: 'appraiser.assigned',
    });
  });
});

describe('assignment decider, either kind', () => {
  const kinds = [
    { name: 'lawyer', given: specFor(lawyerAssignmentDecider), choose: 'PICK' as const },
    { name: 'appraiser', given: specFor(appraiserAssignmentDecider), choose: 'ASSIGN' as const },
  ];

  it.each(kinds)('refuses a $name command on a client that does not exist or was deleted', ({ given }) => {
    given([]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('not_found');
    given([created, deleted]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('not_found');
  });

  it.each(kinds)('refuses a $name approval when nothing waits for one', ({ given }) =>
    given([created]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('invalid_transition'),
  );

  it('ignores the other kind’s events on the same client', () => {
    specFor(lawyerAssignmentDecider)([
      created,
      { type: 'appraiser.pending_approve', data: { appraiserId: 'a1', from: 'empty', details: null } },
    ])
      .when({ type: 'APPROVE', role: 'broker' })
      .thenRefuses('invalid_transition');
    specFor(appraiserAssignmentDecider)([
      created,
      { type: 'lawyer.pending_approve', data: { lawyerId: 'l1', from: 'empty' } },
    ])
      .when({ type: 'APPROVE', role: 'broker' })
      .thenRefuses('invalid_transition');
  });
});

describe('lawyer assignment', () => {
  const given = specFor(lawyerAssignmentDecider);
  const moved = (to: string, from: string, lawyerId: string | null): NewEvent => ({
    type: `lawyer.${to}`,
    data: { lawyerId, from },
  });

  it('puts a customer’s pick up for approval, and assigns a staff pick at once', () => {
    given([created])
      .when({ type: 'PICK', role: 'customer', partyId: 'l1' })
      .then([{ type: 'lawyer.pending_approve', data: { lawyerId: 'l1', from: 'empty' } }]);
    given([created])
      .when({ type: 'PICK', role: 'broker', partyId: 'l1' })
      .then([{ type: 'lawyer.assigned', data: { lawyerId: 'l1', from: 'empty' } }]);
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

  it('empties a customer’s pending pick at once when they revoke it', () =>
    given([created, moved('pending_approve', 'empty', 'l1')])
      .when({ type: 'REVOKE', role: 'customer' })
      .then([moved('empty', 'pending_approve', 'l1')]));

  it('forgets the lawyer once the assignment is empty', () =>
    given([created, moved('assigned', 'empty', 'l1'), moved('empty', 'assigned', 'l1')])
      .when({ type: 'PICK', role: 'broker', partyId: 'l2' })
      .then([moved('assigned', 'empty', 'l2')]));

  it('lets staff edit the chosen lawyer, recording nothing on the client', () =>
    given([created, moved('assigned', 'empty', 'l1')])
      .when({ type: 'EDIT', role: 'broker', partyId: 'l1' })
      .then([]));

  it('refuses an edit of a lawyer who is not the chosen one', () =>
    given([created, moved('assigned', 'empty', 'l1')])
      .when({ type: 'EDIT', role: 'broker', partyId: 'l2' })
      .thenRefuses('not_this_lawyer'));

  it('refuses a transition the machine does not allow, by state or by role', () => {
    given([created]).when({ type: 'EDIT', role: 'broker', partyId: 'l1' }).thenRefuses('not_this_lawyer');
    given([created]).when({ type: 'EDIT', role: 'broker' }).thenRefuses('invalid_transition');
    given([created, moved('pending_approve', 'empty', 'l1')])
      .when({ type: 'APPROVE', role: 'customer' })
      .thenRefuses('transition_not_allowed');
  });
});

describe('appraiser assignment', () => {
  const given = specFor(appraiserAssignmentDecider);
  const details = { address: '1 Main St', lender: 'TD' } as AppraisalDetails;
  const quote = { typed_id: 'HW-ABCDEF', property_address: '1 Main St' } as QuoteRequestDetails;
  const moved = (
    to: string,
    from: string,
    appraiserId: string | null,
    appraisal: AppraisalDetails | null = null,
  ): NewEvent => ({
    type: `appraiser.${to}`,
    data: { appraiserId, from, details: appraisal },
  });

  it('requests quotes from the chosen appraisers, at any status', () => {
    given([created])
      .when({ type: 'REQUEST_QUOTES', appraiserIds: ['a1', 'a2'], details: quote })
      .then([{ type: 'appraisal.quote_requested', data: { appraiserIds: ['a1', 'a2'], details: quote } }]);
    given([created, moved('pending_approve', 'empty', 'a1', details)])
      .when({ type: 'REQUEST_QUOTES', appraiserIds: ['a2'], details: quote })
      .then([{ type: 'appraisal.quote_requested', data: { appraiserIds: ['a2'], details: quote } }]);
  });

  it('refuses a quote request naming no appraiser, or for a client that is gone', () => {
    given([created])
      .when({ type: 'REQUEST_QUOTES', appraiserIds: [], details: quote })
      .thenRefuses('invalid');
    given([created, deleted])
      .when({ type: 'REQUEST_QUOTES', appraiserIds: ['a1'], details: quote })
      .thenRefuses('not_found');
  });

  it('assigns an appraiser for approval with the appraisal details, then approves and revokes', () => {
    given([created])
      .when({ type: 'ASSIGN', role: 'broker', partyId: 'a1', details })
      .then([{ type: 'appraiser.pending_approve', data: { appraiserId: 'a1', from: 'empty', details } }]);
    const pending = [created, moved('pending_approve', 'empty', 'a1', details)];
    given(pending)
      .when({ type: 'APPROVE', role: 'principal_broker' })
      .then([
        { type: 'appraiser.assigned', data: { appraiserId: 'a1', from: 'pending_approve', details: null } },
      ]);
    given([...pending, moved('assigned', 'pending_approve', 'a1')])
      .when({ type: 'REVOKE', role: 'assistant' })
      .then([{ type: 'appraiser.empty', data: { appraiserId: 'a1', from: 'assigned', details: null } }]);
  });

  it('revokes a pending assignment', () =>
    given([created, moved('pending_approve', 'empty', 'a1', details)])
      .when({ type: 'REVOKE', role: 'broker' })
      .then([moved('empty', 'pending_approve', 'a1')]));

  it('writes null details for an assignment sent without them', () =>
    given([created])
      .when({ type: 'ASSIGN', role: 'broker', partyId: 'a1' })
      .then([moved('pending_approve', 'empty', 'a1')]));

  it('refuses a customer, and a transition the state does not allow', () => {
    given([created])
      .when({ type: 'ASSIGN', role: 'customer', partyId: 'a1' })
      .thenRefuses('transition_not_allowed');
    given([created, moved('pending_approve', 'empty', 'a1', details)])
      .when({ type: 'ASSIGN', role: 'broker', partyId: 'a2' })
      .thenRefuses('invalid_transition');
  });
});
