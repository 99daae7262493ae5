import { describe, it } from '@jest/globals';
import { initialSteps } from '../../../machines/customer.enums.js';
import { specFor } from '../../../test/support/decider-spec.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { customerDecider } from './customer.decider.js';
import type { CustomerDetails, CustomerEvent } from './customer.events.js';

const given = specFor(customerDecider);
const details: CustomerDetails = {
  firstName: 'Emma',
  lastName: 'Wilson',
  email: 'emma@example.com',
  phoneNumber: '14165550103',
  status: 'active',
  dealType: 'purchase',
  customerType: 'applicant',
  closingDate: null,
  filogixNumber: 'FX-1',
  lender: '',
  addressLine: '',
  brokerId: 'b1',
  assistantId: null,
  secondApplicant: { firstName: '', lastName: '', email: '', phoneNumber: '' },
};
const created: CustomerEvent = {
  type: 'customer.created',
  data: { customerId: 'c1', typedId: 'HW-ABCDEF', userId: 'u1', steps: initialSteps(), ...details },
};
// Assignment events share the client's stream; this decider must fold past them.
const lawyerAssigned = {
  type: 'lawyer.assigned',
  data: { lawyerId: 'l1', from: 'pending_approve' },
} as unknown as CustomerEvent;

describe('client', () => {
  it('changes the status from any value to any value, past assignment events', () => {
    given([created, lawyerAssigned as NewEvent as CustomerEvent])
      .when({ type: 'ChangeStatus', status: 'funded' })
      .then([{ type: 'customer.status_changed', data: { from: 'active', to: 'funded' } }]);
  });

  it('writes nothing for an edit that changes nothing', () => {
    given([created])
      .when({ type: 'UpdateCustomer', changes: { firstName: 'Emma' }, folderChoice: null })
      .then([]);
  });

  it('asks for the folder choice when the Filogix number changes', () => {
    given([created])
      .when({ type: 'UpdateCustomer', changes: { filogixNumber: 'FX-2' }, folderChoice: null })
      .thenRefuses('invalid');
  });

  it('records the old and new values and the folder choice', () => {
    given([created])
      .when({
        type: 'UpdateCustomer',
        changes: { filogixNumber: 'FX-2', lender: 'TD' },
        folderChoice: 'rename_folder',
      })
      .then([
        {
          type: 'customer.updated',
          data: {
            changes: { filogixNumber: 'FX-2', lender: 'TD' },
            before: { filogixNumber: 'FX-1', lender: '' },
            folder: { choice: 'rename_folder', from: 'FX-1', to: 'FX-2' },
          },
        },
      ]);
  });

  it('requests a review only once', () => {
    given([created, { type: 'customer.review_requested', data: { requestedAt: '2026-11-21T10:00:00.000Z' } }])
      .when({ type: 'RequestReview', at: '2026-11-22T10:00:00.000Z' })
      .thenRefuses('review_already_requested');
  });

  it('refuses every command on a deleted client', () => {
    given([created, { type: 'customer.deleted', data: { userId: 'u1', brokerId: 'b1' } }])
      .when({ type: 'ChangeStatus', status: 'closed' })
      .thenRefuses('not_found');
  });
});
