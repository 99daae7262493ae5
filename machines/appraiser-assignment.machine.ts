import { setup, transition, type SnapshotFrom } from 'xstate';
import type { Decision } from './lawyer-assignment.machine.js';
import { isStaffRole, type Role } from './roles.js';

/** Appraiser assignment status of a client (spec section 4). */
export const APPRAISER_STATUSES = ['empty', 'pending_approve', 'assigned'] as const;
export type AppraiserStatus = (typeof APPRAISER_STATUSES)[number];

/** Only staff act on appraisers: assign (for approval), approve, revoke. Customers only watch. */
export type AppraiserAssignmentEvent =
  { type: 'ASSIGN'; role: Role } | { type: 'APPROVE'; role: Role } | { type: 'REVOKE'; role: Role };

export const appraiserAssignmentMachine = setup({
  types: { events: {} as AppraiserAssignmentEvent },
  guards: { byStaff: ({ event }) => isStaffRole(event.role) },
}).createMachine({
  id: 'appraiserAssignment',
  initial: 'empty',
  states: {
    empty: { on: { ASSIGN: { target: 'pending_approve', guard: 'byStaff' } } },
    pending_approve: {
      on: {
        APPROVE: { target: 'assigned', guard: 'byStaff' },
        REVOKE: { target: 'empty', guard: 'byStaff' },
      },
    },
    assigned: { on: { REVOKE: { target: 'empty', guard: 'byStaff' } } },
  },
});

export type AppraiserAssignmentSnapshot = SnapshotFrom<typeof appraiserAssignmentMachine>;

export function appraiserSnapshotAt(status: AppraiserStatus): AppraiserAssignmentSnapshot {
  return appraiserAssignmentMachine.resolveState({ value: status, context: {} });
}

export function decideAppraiser(
  status: AppraiserStatus,
  event: AppraiserAssignmentEvent,
): Decision<AppraiserStatus> {
  const snapshot = appraiserSnapshotAt(status);
  if (snapshot.can(event)) {
    const [next] = transition(appraiserAssignmentMachine, snapshot, event);
    return { ok: true, from: status, to: next.value as AppraiserStatus };
  }
  const verb = { ASSIGN: 'assigned', APPROVE: 'approved', REVOKE: 'revoked' }[event.type];
  if (snapshot.can({ ...event, role: 'principal_broker' })) {
    return {
      ok: false,
      reason: 'role',
      message: `Only staff can change the appraiser; a ${event.role} cannot.`,
    };
  }
  return {
    ok: false,
    reason: 'state',
    message: `The appraiser cannot be ${verb} while the assignment is ${status.replace('_', ' ')}.`,
  };
}
