import {
  decideLawyer,
  type LawyerAssignmentEvent,
  type LawyerStatus,
} from '../../../machines/lawyer-assignment.machine.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
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
 * status is the machine's transition from the projected status; a refused event is a 409 (wrong state)
 * or a 403 (wrong role), with the machine's sentence.
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
    if (!state.exists || state.deleted) throw AppError.notFound('This client does not exist.');
    const decision = decideLawyer(state.status, command);
    if (!decision.ok) {
      throw decision.reason === 'role'
        ? AppError.forbidden(decision.message, 'transition_not_allowed')
        : AppError.conflict('invalid_transition', decision.message);
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
