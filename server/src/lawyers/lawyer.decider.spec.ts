import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { lawyerDecider, type LawyerEvent } from './lawyer.decider.js';
import type { LawyerRegistered } from './lawyer.events.js';

const given = specFor(lawyerDecider);
const own: LawyerRegistered['data'] = {
  lawyerId: 'l1',
  firstName: 'Ada',
  lastName: 'Stone',
  email: 'ada@law.example',
  phoneNumber: '14165550199',
  company: 'Stone LLP',
  addressLine: '1 Bay St',
  isTrustedPartner: false,
  isInternal: false,
  createdByCustomerId: 'c1',
};
const registered: LawyerEvent = { type: 'lawyer.registered', data: own };
const internal: LawyerEvent = {
  type: 'lawyer.registered',
  data: { ...own, lawyerId: 'l2', isTrustedPartner: true, isInternal: true, createdByCustomerId: null },
};

describe('lawyer decider', () => {
  it('registers a lawyer once', () => {
    given([]).when({ type: 'RegisterLawyer', lawyer: own }).then([registered]);
    given([registered]).when({ type: 'RegisterLawyer', lawyer: own }).thenRefuses('lawyer_exists');
  });

  it('records a correction, and the client in whose file it was made', () =>
    given([registered])
      .when({ type: 'EditLawyer', changes: { company: 'Stone & Co' }, customerId: 'c1' })
      .then([{ type: 'lawyer.updated', data: { changes: { company: 'Stone & Co' }, customerId: 'c1' } }]));

  it('refuses to correct a lawyer the brokerage keeps, or one that does not exist', () => {
    given([internal])
      .when({ type: 'EditLawyer', changes: { company: 'X' }, customerId: 'c1' })
      .thenRefuses('permission_denied');
    given([])
      .when({ type: 'EditLawyer', changes: { company: 'X' }, customerId: 'c1' })
      .thenRefuses('not_found');
  });
});
