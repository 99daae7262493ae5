import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { bankDecider, type BankEvent } from './bank.decider.js';

const given = specFor(bankDecider);
const bank = { bankId: 'b1', name: 'Maple Bank' };
const registered: BankEvent = { type: 'bank.registered', data: bank };

describe('bank decider', () => {
  it('registers a bank', () => given([]).when({ type: 'RegisterBank', bank }).then([registered]));

  it('refuses to register the same bank twice', () =>
    given([registered]).when({ type: 'RegisterBank', bank }).thenRefuses('bank_exists'));
});
