import type { AppraiserStatus } from '../../../machines/appraiser-assignment.machine.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

export const BANK_STREAM = 'bank';
export const APPRAISER_STREAM = 'appraiser';

export type BankRegistered = NewEvent<'bank.registered', { bankId: string; name: string }>;
export type AppraiserRegistered = NewEvent<
  'appraiser.registered',
  {
    appraiserId: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    locations: string[];
    bankIds: string[];
  }
>;
export const APPRAISER_DIRECTORY_EVENT_TYPES = ['bank.registered', 'appraiser.registered'] as const;

/** What staff send with an appraiser assignment (spec: Appraiser assignment payload). */
export interface AppraisalDetails {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  expected_value: number;
  address: string;
  expected_date: string;
  access_details: string;
  mortgage_position: string;
  lender: string;
  underwriter_email: string;
  underwriter_name: string;
  mortgage_number: string;
  notes: string;
}

export interface QuoteRequestDetails {
  typed_id: string;
  property_address: string;
  lender: string;
  mortgage_position: string;
  ltv: number;
  expected_value: number;
  due_date: string;
  comment: string;
}

/** The event written when a client's appraiser assignment reaches each status. */
export const APPRAISER_ASSIGNMENT_EVENTS = {
  empty: 'appraiser.empty',
  pending_approve: 'appraiser.pending_approve',
  assigned: 'appraiser.assigned',
} as const satisfies Record<AppraiserStatus, string>;

/** A client's appraiser assignment moved; the type names the new status. */
export type AppraiserAssignmentChanged = NewEvent<
  (typeof APPRAISER_ASSIGNMENT_EVENTS)[AppraiserStatus],
  { appraiserId: string | null; from: AppraiserStatus; details: AppraisalDetails | null }
>;
export type QuoteRequested = NewEvent<
  'appraisal.quote_requested',
  { appraiserIds: string[]; details: QuoteRequestDetails }
>;
