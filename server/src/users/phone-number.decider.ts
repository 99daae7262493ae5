import { DomainError } from '../platform/domain/domain-error.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { PhoneNumberEvent } from './phone-number.events.js';

export interface PhoneNumberState {
  holder: string | null;
}

export type PhoneNumberCommand = { type: 'Reserve'; userId: string } | { type: 'Release'; userId: string };

export const PHONE_NUMBER_TAKEN = 'A user with this phone number already exists.';

/** The one answer for a number another account holds, whether a read finds it first or the reservation. */
export function phoneNumberTaken(): DomainError {
  return new DomainError('conflict', 'phone_number_taken', PHONE_NUMBER_TAKEN, 'phone_number');
}

/** A phone number signs in one user at a time; a deactivated user's number may be used again. */
export const phoneNumberDecider: Decider<PhoneNumberState, PhoneNumberCommand, PhoneNumberEvent> = {
  initialState: () => ({ holder: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'phone_number.reserved':
        return { holder: event.data.userId };
      case 'phone_number.released':
        return state.holder === event.data.userId ? { holder: null } : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'Reserve':
        if (state.holder === command.userId) return [];
        if (state.holder) throw phoneNumberTaken();
        return [{ type: 'phone_number.reserved', data: { userId: command.userId } }];
      case 'Release':
        return state.holder === command.userId
          ? [{ type: 'phone_number.released', data: { userId: command.userId } }]
          : [];
    }
  },
};
