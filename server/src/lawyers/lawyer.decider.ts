import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { LawyerDetails, LawyerRegistered, LawyerUpdated } from './lawyer.events.js';

export type LawyerEvent = LawyerRegistered | LawyerUpdated;

export interface LawyerState {
  exists: boolean;
  isInternal: boolean;
}

export type LawyerCommand =
  | { type: 'RegisterLawyer'; lawyer: LawyerRegistered['data'] }
  | { type: 'EditLawyer'; changes: Partial<LawyerDetails>; customerId: string };

/** A lawyer of the directory: registered once, then corrected by staff unless the brokerage keeps them. */
export const lawyerDecider: Decider<LawyerState, LawyerCommand, LawyerEvent> = {
  initialState: () => ({ exists: false, isInternal: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'lawyer.registered':
        return { exists: true, isInternal: event.data.isInternal };
      case 'lawyer.updated':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterLawyer':
        if (state.exists) throw DomainError.conflict('lawyer_exists', 'This lawyer is already registered.');
        return [{ type: 'lawyer.registered', data: command.lawyer }];
      case 'EditLawyer':
        if (!state.exists) throw DomainError.notFound('This lawyer does not exist.');
        if (state.isInternal)
          throw DomainError.forbidden(
            'Trusted partner lawyers are kept by the brokerage and cannot be edited here.',
          );
        return [
          { type: 'lawyer.updated', data: { changes: command.changes, customerId: command.customerId } },
        ];
    }
  },
};
