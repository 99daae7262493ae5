import { Injectable } from '@nestjs/common';
import {
  decideLawyer,
  type LawyerAssignmentEvent,
  type LawyerStatus,
} from '../../../machines/lawyer-assignment.machine.js';
import { assignmentDecider } from '../assignments/assignment.decider.js';
import type { AssignmentKind } from '../assignments/assignment.kind.js';
import { AssignmentProjection } from '../assignments/assignment.projection.js';
import { LAWYER_ASSIGNMENT_EVENTS, type LawyerAssignmentChanged } from './lawyer.events.js';

/** A lawyer assignment command; a pick and an edit name the lawyer. */
export type LawyerAssignmentCommand = LawyerAssignmentEvent & { partyId?: string };

const chosen = ({ party }: { party: string | null }) => party;

/**
 * A client's lawyer: a customer's pick waits for staff, a staff pick assigns at once, a customer's revoke
 * of an assigned lawyer asks staff first, and staff may edit the chosen lawyer without a new status.
 */
export const lawyerAssignment: AssignmentKind<
  LawyerStatus,
  LawyerAssignmentCommand,
  LawyerAssignmentChanged['data']
> = {
  noun: 'lawyer',
  events: LAWYER_ASSIGNMENT_EVENTS,
  transition: decideLawyer,
  choose: 'PICK',
  checkOnly: 'EDIT',
  payload: (lawyerId, from) => ({ lawyerId, from }),
  partyOf: (data) => data.lawyerId,
  projection: {
    name: 'lawyer_assignments',
    statusColumn: 'lawyer_status',
    columns: {
      empty: { lawyer_id: null },
      pending_approve: { lawyer_id: chosen },
      pending_revoke: { lawyer_id: chosen },
      assigned: { lawyer_id: chosen },
    },
  },
};

export const lawyerAssignmentDecider = assignmentDecider(lawyerAssignment);

/** Keeps `customers.lawyer_id` and `lawyer_status` in step with the client's lawyer assignment events. */
@Injectable()
export class LawyerAssignmentProjection extends AssignmentProjection(lawyerAssignment) {}
