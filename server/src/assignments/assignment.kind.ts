import type { Decision } from '../../../machines/lawyer-assignment.machine.js';
import type { Role } from '../../../machines/roles.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

/**
 * A command of an assignment machine: it names the role of whoever sends it and, when it is about a
 * party, the lawyer or appraiser it names.
 */
export interface MachineCommand {
  type: string;
  role: Role;
  partyId?: string;
}

/** A command beside the machine's, decided on the same client (a quote request to appraisers). */
export type ExtraCommands<Extra extends { type: string }> = {
  [Type in Extra['type']]: (command: Extract<Extra, { type: Type }>) => NewEvent[];
};

/** What the client's row takes when the assignment reaches a status, from the event that moved it there. */
export type ColumnValue<Data> = null | ((moved: { party: string | null; data: Data; at: Date }) => unknown);

/**
 * One kind of assignment of a party to a client (a lawyer, an appraiser): the table that the one
 * assignment decider and the one assignment projection read. Each kind keeps its own XState machine.
 */
export interface AssignmentKind<
  Status extends string,
  Command extends MachineCommand,
  Data,
  Extra extends { type: string } = never,
> {
  /** The party as sentences name it: "lawyer", "appraiser". */
  readonly noun: string;
  /** The event written when the assignment moves to each status. These names are in the log for good. */
  readonly events: Readonly<Record<Status, string>>;
  /** The machine's transition from a status, or why the command is refused (by role or by state). */
  readonly transition: (status: Status, command: Command) => Decision<Status>;
  /** The command that chooses a new party; every other command keeps the chosen one. */
  readonly choose: Command['type'];
  /**
   * A command the machine must allow that records nothing on the client (a correction of the party's
   * own details); when it names a party, that must be the chosen one.
   */
  readonly checkOnly?: Command['type'];
  /** The payload of an event that moves the assignment: the party, the status it left, and what else the kind carries. */
  readonly payload: (party: string | null, from: Status, command: Command) => Data;
  /** The party an event's payload names. */
  readonly partyOf: (data: Data) => string | null;
  readonly extra?: ExtraCommands<Extra>;
  /** The read side: the projection's name and the client's columns each status sets. */
  readonly projection: {
    readonly name: string;
    readonly statusColumn: string;
    /** Besides the status, `updated_at` and `version`. */
    readonly columns: Readonly<Record<Status, Readonly<Record<string, ColumnValue<Data>>>>>;
  };
}

/** The status an event type names, if it is one of the kind's. */
export function statusOf<Status extends string>(
  kind: { readonly events: Readonly<Record<Status, string>> },
  type: string,
): Status | undefined {
  return (Object.keys(kind.events) as Status[]).find((status) => kind.events[status] === type);
}
