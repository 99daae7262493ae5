import { setup, transition, type SnapshotFrom } from 'xstate';
import { isStaffRole, type Role } from './roles.js';

/** Lawyer assignment status of a client (spec section 4). */
export const LAWYER_STATUSES = ['empty', 'pending_approve', 'pending_revoke', 'assigned'] as const;
export type LawyerStatus = (typeof LAWYER_STATUSES)[number];

/**
 * Every event names the role of whoever sends it; guards carry the role rules:
 * - a customer picks (or adds) a lawyer for approval; staff who pick assign at once;
 * - staff approve a pending pick (assigned) or a pending revoke (empty), or reject a revoke (assigned);
 * - a customer revoking a pending pick empties it at once, revoking an assigned lawyer asks staff first;
 * - staff revoke at once; staff edit a lawyer who is pending or assigned.
 */
export type LawyerAssignmentEvent =
  | { type: 'PICK'; role: Role }
  | { type: 'APPROVE'; role: Role }
  | { type: 'REJECT_REVOKE'; role: Role }
  | { type: 'REVOKE'; role: Role }
  | { type: 'EDIT'; role: Role };

export const lawyerAssignmentMachine = setup({
  types: {
    events: {} as LawyerAssignmentEvent,
  },
  guards: {
    byCustomer: ({ event }) => event.role === 'customer',
    byStaff: ({ event }) => isStaffRole(event.role),
  },
}).createMachine({
  id: 'lawyerAssignment',
  initial: 'empty',
  states: {
    empty: {
      on: {
        PICK: [
          { target: 'pending_approve', guard: 'byCustomer' },
          { target: 'assigned', guard: 'byStaff' },
        ],
      },
    },
    pending_approve: {
      on: {
        APPROVE: { target: 'assigned', guard: 'byStaff' },
        REVOKE: { target: 'empty' },
        EDIT: { target: 'pending_approve', guard: 'byStaff' },
      },
    },
    pending_revoke: {
      on: {
        APPROVE: { target: 'empty', guard: 'byStaff' },
        REJECT_REVOKE: { target: 'assigned', guard: 'byStaff' },
      },
    },
    assigned: {
      on: {
        REVOKE: [
          { target: 'pending_revoke', guard: 'byCustomer' },
          { target: 'empty', guard: 'byStaff' },
        ],
        EDIT: { target: 'assigned', guard: 'byStaff' },
      },
    },
  },
});

export type LawyerAssignmentSnapshot = SnapshotFrom<typeof lawyerAssignmentMachine>;

/** The machine's snapshot at a status read back from the projection. */
export function lawyerSnapshotAt(status: LawyerStatus): LawyerAssignmentSnapshot {
  return lawyerAssignmentMachine.resolveState({ value: status, context: {} });
}

export type Decision<Status extends string> =
  { ok: true; from: Status; to: Status } | { ok: false; reason: 'role' | 'state'; message: string };

/** A pure decision: the next status for an event from a role, or why it is refused. */
export function decideLawyer(status: LawyerStatus, event: LawyerAssignmentEvent): Decision<LawyerStatus> {
  const snapshot = lawyerSnapshotAt(status);
  if (snapshot.can(event)) {
    const [next] = transition(lawyerAssignmentMachine, snapshot, event);
    return { ok: true, from: status, to: next.value as LawyerStatus };
  }
  const someone = (['customer', 'principal_broker'] as Role[]).some((role) =>
    snapshot.can({ ...event, role }),
  );
  return someone
    ? {
        ok: false,
        reason: 'role',
        message: `A ${event.role.replace('_', ' ')} cannot ${describe(event)} while the lawyer is ${label(status)}.`,
      }
    : {
        ok: false,
        reason: 'state',
        message: `The lawyer cannot be ${pastTense(event)} while the assignment is ${label(status)}.`,
      };
}

function label(status: string): string {
  return status.replace('_', ' ');
}

function describe(event: { type: string }): string {
  return (
    {
      PICK: 'pick a lawyer',
      APPROVE: 'approve',
      REJECT_REVOKE: 'reject the revoke',
      REVOKE: 'revoke',
      EDIT: 'edit the lawyer',
    }[event.type] ?? event.type
  );
}

function pastTense(event: { type: string }): string {
  return (
    {
      PICK: 'picked',
      APPROVE: 'approved',
      REJECT_REVOKE: 'kept (revoke rejected)',
      REVOKE: 'revoked',
      EDIT: 'edited',
    }[event.type] ?? event.type
  );
}
