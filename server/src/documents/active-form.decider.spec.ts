import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { activeFormDecider, type OpenForm } from './active-form.decider.js';

const given = specFor(activeFormDecider);
const created: NewEvent = { type: 'customer.created', data: { customerId: 'c1' } };
const deleted: NewEvent = { type: 'customer.deleted', data: { userId: 'u1', brokerId: null } };
// Other deciders' events share the client's stream; this one folds past them.
const lawyerAssigned: NewEvent = {
  type: 'lawyer.assigned',
  data: { lawyerId: 'l1', from: 'pending_approve' },
};
const opened = (code: string, replaces: string | null): NewEvent => ({
  type: 'customer.form_opened',
  data: { customerId: 'c1', code, replaces },
});
const open = (code: string, replaces: string | null, activeCodeOnRecord: string | null = null): OpenForm => ({
  type: 'OpenForm',
  customerId: 'c1',
  code,
  replaces,
  activeCodeOnRecord,
});

describe('active form decider', () => {
  it('opens a first form', () =>
    given([created, lawyerAssigned])
      .when(open('f1', null))
      .then([opened('f1', null)]));

  it('refuses a second form while one is active', () =>
    given([created, opened('f1', null)])
      .when(open('f2', null))
      .thenRefuses('form_exists'));

  it('opens the successor of the active form on a reset', () =>
    given([created, opened('f1', null)])
      .when(open('f2', 'f1'))
      .then([opened('f2', 'f1')]));

  it('refuses to reset a form that is no longer the active one', () =>
    given([created, opened('f1', null), opened('f2', 'f1')])
      .when(open('f3', 'f1'))
      .thenRefuses('form_archived'));

  describe('for a client whose stream records no form yet', () => {
    it('takes the active form from the record', () => {
      given([created])
        .when(open('f2', null, 'f1'))
        .thenRefuses('form_exists');
      given([created])
        .when(open('f2', 'f1', 'f1'))
        .then([opened('f2', 'f1')]);
      given([created])
        .when(open('f2', 'f0', 'f1'))
        .thenRefuses('form_archived');
    });

    it('follows the stream once it records one, whatever the record says', () =>
      given([created, opened('f1', null)])
        .when(open('f2', 'f1', null))
        .then([opened('f2', 'f1')]));
  });

  it('refuses a client that does not exist or was deleted', () => {
    given([]).when(open('f1', null)).thenRefuses('not_found');
    given([created, deleted]).when(open('f1', null)).thenRefuses('not_found');
  });
});
