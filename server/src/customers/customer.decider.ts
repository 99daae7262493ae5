import type { Decider } from '../platform/event-store/decider.js';
import { AppError } from '../platform/http/app-error.js';
import type { CustomerDetails, CustomerEvent } from './customer.events.js';

export interface CustomerState {
  exists: boolean;
  deleted: boolean;
}

export type CustomerCommand = {
  type: 'CreateCustomer';
  customerId: string;
  typedId: string;
  userId: string;
  details: CustomerDetails;
};

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: () => ({ exists: false, deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'customer.created':
        return { ...state, exists: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCustomer':
        if (state.exists) throw AppError.conflict('customer_exists', 'This client already exists.');
        return [
          {
            type: 'customer.created',
            data: {
              customerId: command.customerId,
              typedId: command.typedId,
              userId: command.userId,
              ...command.details,
            },
          },
        ];
    }
  },
};
