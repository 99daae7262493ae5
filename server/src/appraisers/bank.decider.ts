import { DomainError } from '../platform/domain/domain-error.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { BankRegistered } from './appraiser.events.js';

export type BankEvent = BankRegistered;

export interface BankState {
  exists: boolean;
}

export type BankCommand = { type: 'RegisterBank'; bank: BankRegistered['data'] };

/** A bank appraisers work with: registered once, so an appraiser can name it. */
export const bankDecider: Decider<BankState, BankCommand, BankEvent> = {
  initialState: () => ({ exists: false }),

  evolve: () => ({ exists: true }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterBank':
        if (state.exists) throw DomainError.conflict('bank_exists', 'This bank is already registered.');
        return [{ type: 'bank.registered', data: command.bank }];
    }
  },
};
