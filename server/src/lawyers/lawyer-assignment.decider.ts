import {
  decideLawyer,
  type LawyerAssignmentEvent,
  type LawyerStatus,
} from '../../../machines/lawyer-assignment.machine.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { LawyerAssignmentChanged } from './lawyer.events.js';

export interface LawyerAssignmentState {
  exists: boolean;
  deleted: boolean;
  lawyerId: string | null;
  status: LawyerStatus;
}

export type LawyerAssignmentCommand = LawyerAssignmentEvent & { lawyerId?: string };

/**
 * Decides lawyer assignment commands on the client's stream with the shared XState machine: the next
 * status is the machine's transition from the projected status; a refused event is a conflict (wrong state)
 * or a forbidden refusal (wrong role), with the machine's sentence.
 */
export const lawyerAssignmentDecider: Decider<LawyerAssignmentState, LawyerAssignmentCommand, NewEvent> = {
  initialState: () => ({ exists: false, deleted: false, lawyerId: null, status: 'empty' }),

  evolve(state, event) {
    if (event.type === 'customer.created') return { ...state, exists: true };
    if (event.type === 'customer.deleted') return { ...state, deleted: true };
    if (event.type.startsWith('lawyer.')) {
      const data = (event as LawyerAssignmentChanged).data;
      const status = event.type.slice('lawyer.'.length) as LawyerStatus;
      return { ...state, status, lawyerId: status === 'empty' ? null : data.lawyerId };
    }
    return state;
  },

  decide(command, state) {
    if (!state.exists || state.deleted) throw DomainError.notFound('This client does not exist.');
    // An edit names the lawyer it corrects: only the lawyer chosen for the client, held at this version.
    if (command.type === 'EDIT' && command.lawyerId !== undefined && command.lawyerId !== state.lawyerId)
      throw DomainError.conflict('not_this_lawyer', 'This lawyer is not the one chosen for this client.');
    const decision = decideLawyer(state.status, command);
    if (!decision.ok) {
      throw decision.reason === 'role'
        ? DomainError.forbidden(decision.message, 'transition_not_allowed')
        : DomainError.conflict('invalid_transition', decision.message);
    }
    if (command.type === 'EDIT') return [];
    const lawyerId = command.type === 'PICK' ? (command.lawyerId ?? null) : state.lawyerId;
    const event: LawyerAssignmentChanged = {
      type: `lawyer.${decision.to}`,
      data: { lawyerId, from: decision.from },
    };
    return [event];
  },
};
