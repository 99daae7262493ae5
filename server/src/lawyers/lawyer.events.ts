import type { LawyerStatus } from '../../../machines/lawyer-assignment.machine.js';
import type { NewEvent, StoredEvent } from '../platform/event-store/event.types.js';

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
/** `customerId`: the client in whose file the lawyer was corrected (written since 2026-11; older events lack it). */
export type LawyerUpdated = NewEvent<
  'lawyer.updated',
  { changes: Partial<LawyerDetails>; customerId?: string }
>;
export const LAWYER_EVENT_TYPES = ['lawyer.registered', 'lawyer.updated'] as const;

/** The event written when a client's lawyer assignment reaches each status. */
export const LAWYER_ASSIGNMENT_EVENTS = {
  empty: 'lawyer.empty',
  pending_approve: 'lawyer.pending_approve',
  pending_revoke: 'lawyer.pending_revoke',
  assigned: 'lawyer.assigned',
} as const satisfies Record<LawyerStatus, string>;

/** A client's lawyer assignment moved; the type names the new status (lawyer.empty ... lawyer.assigned). */
export type LawyerAssignmentChanged = NewEvent<
  (typeof LAWYER_ASSIGNMENT_EVENTS)[LawyerStatus],
  { lawyerId: string | null; from: LawyerStatus }
>;

/** The client a lawyer's event concerns: whose own lawyer was registered, or in whose file one was corrected. */
export function clientOfLawyerEvent(event: StoredEvent): string | null {
  if (event.streamType !== LAWYER_STREAM) return null;
  const data = event.data as { customerId?: unknown; createdByCustomerId?: unknown };
  if (typeof data.customerId === 'string') return data.customerId;
  return typeof data.createdByCustomerId === 'string' ? data.createdByCustomerId : null;
}
