import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { appraiserAssignmentDecider } from './appraiser-assignment.decider.js';
import type { AppraisalDetails, QuoteRequestDetails } from './appraiser.events.js';

const given = specFor(appraiserAssignmentDecider);
const created: NewEvent = { type: 'customer.created', data: { customerId: 'c1' } };
const deleted: NewEvent = { type: 'customer.deleted', data: { userId: 'u1', brokerId: null } };
const details = { address: '1 Main St', lender: 'TD' } as AppraisalDetails;
const quote = { typed_id: 'HW-ABCDEF', property_address: '1 Main St' } as QuoteRequestDetails;
const moved = (
  to: string,
  from: string,
  appraiserId: string | null,
  appraisal: AppraisalDetails | null = null,
) => ({
  type: `appraiser.${to}`,
  data: { appraiserId, from, details: appraisal },
});

describe('appraiser assignment decider', () => {
  it('requests quotes from the chosen appraisers', () =>
    given([created])
      .when({ type: 'REQUEST_QUOTES', appraiserIds: ['a1', 'a2'], details: quote })
      .then([{ type: 'appraisal.quote_requested', data: { appraiserIds: ['a1', 'a2'], details: quote } }]));

  it('refuses a quote request naming no appraiser', () =>
    given([created])
      .when({ type: 'REQUEST_QUOTES', appraiserIds: [], details: quote })
      .thenRefuses('invalid'));

  it('assigns an appraiser for approval with the appraisal details, then approves and revokes', () => {
    given([created])
      .when({ type: 'ASSIGN', role: 'broker', appraiserId: 'a1', details })
      .then([moved('pending_approve', 'empty', 'a1', details)]);
    const pending = [created, moved('pending_approve', 'empty', 'a1', details)];
    given(pending)
      .when({ type: 'APPROVE', role: 'principal_broker' })
      .then([moved('assigned', 'pending_approve', 'a1')]);
    given([...pending, moved('assigned', 'pending_approve', 'a1')])
      .when({ type: 'REVOKE', role: 'assistant' })
      .then([moved('empty', 'assigned', 'a1')]);
  });

  it('refuses a customer, and a transition the state does not allow', () => {
    given([created])
      .when({ type: 'ASSIGN', role: 'customer', appraiserId: 'a1' })
      .thenRefuses('transition_not_allowed');
    given([created]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('invalid_transition');
  });

  it('refuses a client that does not exist or was deleted', () => {
    given([]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('not_found');
    given([created, deleted]).when({ type: 'APPROVE', role: 'broker' }).thenRefuses('not_found');
  });
});
