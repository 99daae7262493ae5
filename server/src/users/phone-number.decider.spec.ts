import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { phoneNumberDecider } from './phone-number.decider.js';
import type { PhoneNumberEvent } from './phone-number.events.js';

const given = specFor(phoneNumberDecider);
const reserved = (userId: string): PhoneNumberEvent => ({ type: 'phone_number.reserved', data: { userId } });
const released = (userId: string): PhoneNumberEvent => ({ type: 'phone_number.released', data: { userId } });

describe('phone number', () => {
  it('reserves a free number for a user', () => {
    given([])
      .when({ type: 'Reserve', userId: 'u1' })
      .then([reserved('u1')]);
  });

  it('writes nothing when the user already holds the number', () => {
    given([reserved('u1')])
      .when({ type: 'Reserve', userId: 'u1' })
      .then([]);
  });

  it('refuses a number another user holds', () => {
    given([reserved('u1')])
      .when({ type: 'Reserve', userId: 'u2' })
      .thenRefuses('phone_number_taken');
  });

  it('reserves a number its holder released', () => {
    given([reserved('u1'), released('u1')])
      .when({ type: 'Reserve', userId: 'u2' })
      .then([reserved('u2')]);
  });

  it('releases the number its holder leaves', () => {
    given([reserved('u1')])
      .when({ type: 'Release', userId: 'u1' })
      .then([released('u1')]);
  });

  it('writes nothing when someone else, or nobody, holds the number', () => {
    given([reserved('u1')])
      .when({ type: 'Release', userId: 'u2' })
      .then([]);
    given([]).when({ type: 'Release', userId: 'u1' }).then([]);
  });
});
