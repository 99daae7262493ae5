import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { appraiserDecider, type AppraiserEvent } from './appraiser.decider.js';
import type { AppraiserRegistered } from './appraiser.events.js';

const given = specFor(appraiserDecider);
const appraiser: AppraiserRegistered['data'] = {
  appraiserId: 'a1',
  firstName: 'Noah',
  lastName: 'Martin',
  email: 'noah@appraise.example',
  phoneNumber: '14165550150',
  locations: ['Toronto'],
  bankIds: ['b1', 'b2'],
};
const registered: AppraiserEvent = { type: 'appraiser.registered', data: appraiser };

describe('appraiser decider', () => {
  it('registers an appraiser with the banks they work for', () =>
    given([]).when({ type: 'RegisterAppraiser', appraiser }).then([registered]));

  it('refuses to register the same appraiser twice', () =>
    given([registered]).when({ type: 'RegisterAppraiser', appraiser }).thenRefuses('appraiser_exists'));
});
