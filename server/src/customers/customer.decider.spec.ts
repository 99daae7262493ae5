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
  it('creates a client with the first roadmap steps', () => {
    given([])
      .when({ type: 'CreateCustomer', customerId: 'c1', typedId: 'HW-ABCDEF', userId: 'u1', details })
      .then([created]);
  });

  it('refuses to create the same client twice', () => {
    given([created])
      .when({ type: 'CreateCustomer', customerId: 'c1', typedId: 'HW-ABCDEF', userId: 'u1', details })
      .thenRefuses('customer_exists');
  });

  it('writes nothing when the status does not change', () => {
    given([created]).when({ type: 'ChangeStatus', status: 'active' }).then([]);
  });

  it('records an edit, then the status sent with it', () => {
    given([created])
      .when({ type: 'UpdateCustomer', changes: { lender: 'TD' }, folderChoice: null, status: 'funded' })
      .then([
        {
          type: 'customer.updated',
          data: { changes: { lender: 'TD' }, before: { lender: '' }, folder: null },
        },
        { type: 'customer.status_changed', data: { from: 'active', to: 'funded' } },
      ]);
  });

  it('records only the status when the other fields are unchanged', () => {
    given([created])
      .when({ type: 'UpdateCustomer', changes: { lender: '' }, folderChoice: null, status: 'funded' })
      .then([{ type: 'customer.status_changed', data: { from: 'active', to: 'funded' } }]);
  });

  it('refuses to edit a client that does not exist', () => {
    given([])
      .when({ type: 'UpdateCustomer', changes: { lender: 'TD' }, folderChoice: null })
      .thenRefuses('not_found');
  });

  it('deletes a client, naming their account and broker', () => {
    given([created])
      .when({ type: 'DeleteCustomer' })
      .then([{ type: 'customer.deleted', data: { userId: 'u1', brokerId: 'b1' } }]);
  });

  it('refuses to delete a client twice', () => {
    given([created, { type: 'customer.deleted', data: { userId: 'u1', brokerId: 'b1' } }])
      .when({ type: 'DeleteCustomer' })
      .thenRefuses('not_found');
  });

  it('holds a client who exists without recording anything, and refuses one deleted or never created', () => {
    given([created]).when({ type: 'ConfirmExists' }).then([]);
    given([created, { type: 'customer.deleted', data: { userId: 'u1', brokerId: 'b1' } }])
      .when({ type: 'ConfirmExists' })
      .thenRefuses('not_found');
    given([]).when({ type: 'ConfirmExists' }).thenRefuses('not_found');
  });

  it('requests a review with its date', () => {
    given([created])
      .when({ type: 'RequestReview', at: '2026-11-22T10:00:00.000Z' })
      .then([{ type: 'customer.review_requested', data: { requestedAt: '2026-11-22T10:00:00.000Z' } }]);
  });

  it('changes the roadmap steps, and writes nothing when they are the same', () => {
    const steps = initialSteps().map((s) => ({ ...s, is_completed: true }));
    given([created])
      .when({ type: 'SetSteps', steps })
      .then([{ type: 'customer.steps_changed', data: { steps } }]);
    given([created]).when({ type: 'SetSteps', steps: initialSteps() }).then([]);
  });

  it('asks for a message to be sent to the client', () => {
    given([created])
      .when({ type: 'RequestNotification', notifyType: 'form_sent' })
      .then([{ type: 'customer.notification_requested', data: { notifyType: 'form_sent' } }]);
  });

  it('refuses a message about a client that does not exist', () => {
    given([]).when({ type: 'RequestNotification', notifyType: 'form_sent' }).thenRefuses('not_found');
  });

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
