import type { Decider } from '../platform/event-store/decider.js';
import type { NewEvent } from '../platform/event-store/event.types.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { type AssignmentKind, type MachineCommand, statusOf } from './assignment.kind.js';

export interface AssignmentState<Status extends string> {
  exists: boolean;
  deleted: boolean;
  /** The lawyer or appraiser chosen for the client; none while the assignment is empty. */
  partyId: string | null;
  status: Status;
}

/**
 * Decides the assignment commands of one kind on the client's stream with the kind's XState machine:
 * the next status is the machine's transition from the status the stream holds, written as the kind's
 * event for that status; a refused command is a conflict (wrong state) or a forbidden refusal (wrong
 * role), with the machine's sentence.
 */
export function assignmentDecider<
  Status extends string,
  Command extends MachineCommand,
  Data,
  Extra extends { type: string } = never,
>(
  kind: AssignmentKind<Status, Command, Data, Extra>,
): Decider<AssignmentState<Status>, Command | Extra, NewEvent> {
  const isExtra = (command: Command | Extra): command is Extra =>
    kind.extra !== undefined && Object.hasOwn(kind.extra, command.type);

  return {
    initialState: () => ({ exists: false, deleted: false, partyId: null, status: 'empty' as Status }),

    evolve(state, event) {
      if (event.type === 'customer.created') return { ...state, exists: true };
      if (event.type === 'customer.deleted') return { ...state, deleted: true };
      const status = statusOf(kind, event.type);
      if (status === undefined) return state;
      return { ...state, status, partyId: status === 'empty' ? null : kind.partyOf(event.data as Data) };
    },

    decide(command, state) {
      if (!state.exists || state.deleted) throw DomainError.notFound('This client does not exist.');
      if (isExtra(command)) {
        const decide = kind.extra![command.type as Extra['type']] as (command: Extra) => NewEvent[];
        return decide(command);
      }
      // A check-only command names the party it is about: only the one chosen, held at this version.
      if (
        command.type === kind.checkOnly &&
        command.partyId !== undefined &&
        command.partyId !== state.partyId
      )
        throw DomainError.conflict(
          `not_this_${kind.noun}`,
          `This ${kind.noun} is not the one chosen for this client.`,
        );
      const decision = kind.transition(state.status, command);
      if (!decision.ok) {
        throw decision.reason === 'role'
          ? DomainError.forbidden(decision.message, 'transition_not_allowed')
          : DomainError.conflict('invalid_transition', decision.message);
      }
      if (command.type === kind.checkOnly) return [];
      const party = command.type === kind.choose ? (command.partyId ?? null) : state.partyId;
      return [{ type: kind.events[decision.to], data: kind.payload(party, decision.from, command) }];
    },
  };
}
