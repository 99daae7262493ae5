import type { LawyerStatus } from '../../../machines/lawyer-assignment.machine.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

export const LAWYER_STREAM = 'lawyer';

export interface LawyerDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  company: string;
  addressLine: string;
}

export type LawyerRegistered = NewEvent<
  'lawyer.registered',
  LawyerDetails & {
    lawyerId: string;
    isTrustedPartner: boolean;
    isInternal: boolean;
    createdByCustomerId: string | null;
  }
>;
export type LawyerUpdated = NewEvent<'lawyer.updated', { changes: Partial<LawyerDetails> }>;
export const LAWYER_EVENT_TYPES = ['lawyer.registered', 'lawyer.updated'] as const;

/** A client's lawyer assignment moved; the type names the new status (lawyer.empty ... lawyer.assigned). */
export type LawyerAssignmentChanged = NewEvent<
  `lawyer.${LawyerStatus}`,
  { lawyerId: string | null; from: LawyerStatus }
>;
export const LAWYER_ASSIGNMENT_EVENT_TYPES = [
  'lawyer.empty',
  'lawyer.pending_approve',
  'lawyer.pending_revoke',
  'lawyer.assigned',
] as const;
