import type { CustomerStatus, CustomerType, DealType, NotifyType, StepState } from '@machines/customer.enums';
import type { StepProgress } from '@machines/roadmap-progress';

export type { CustomerStatus, CustomerType, DealType, NotifyType, StepState };

export type LawyerStatus = 'empty' | 'pending_approve' | 'pending_revoke' | 'assigned';
export type AppraiserStatus = 'empty' | 'pending_approve' | 'assigned';

export interface PersonRef {
  id: string;
  first_name: string;
  last_name: string;
}

/** A client as the core service answers it. */
export interface CustomerView {
  id: string;
  typed_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** '1' followed by 10 digits. */
  phone_number: string;
  /** 'YYYY-MM-DD' or null. */
  closing_date: string | null;
  status: CustomerStatus;
  deal_type: DealType;
  filogix_number: string | null;
  lender: string;
  address_line: string;
  /** The customer type. */
  role: CustomerType;
  assistant: PersonRef | null;
  broker: (PersonRef & { codes: string[] }) | null;
  second_applicant_first_name: string;
  second_applicant_last_name: string;
  second_applicant_email: string;
  second_applicant_phone_number: string;
  /** The first is the active form. */
  form_codes: string[];
  form_files_stat: { in_review: number };
  form_comments_stat: { comments_unread: number };
  notes_stat: { unread: number };
  is_review_requested: boolean;
  review_requested_at: string | null;
  lawyer: string | null;
  lawyer_status: LawyerStatus;
  appraiser: string | null;
  appraiser_status: AppraiserStatus;
  steps: StepProgress[];
  user: { id: string } | null;
  created: string;
  modified: string;
  version: number;
}

export type StaffRoleFilter = 'broker' | 'principal_broker' | 'assistant';

export interface StaffUser {
  id: string;
  user_id: string;
  role: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
}

export interface NoteFile {
  name: string;
  type: string;
  size: number;
  /** A short-lived signed link; `?download=1` forces a download. */
  url: string;
}

export interface Note {
  id: string;
  text: string;
  created: string;
  author: { id: string; first_name: string; last_name: string; role: string } | null;
  file: NoteFile | null;
}

export interface EventLogEntry {
  id: number;
  type: string;
  created: string;
  context: { recipient?: string; subject?: string; text?: string; reason?: string } | null;
}

export interface HistoryEntry {
  id: number;
  type: string;
  created: string;
  stream_type: string;
  stream_id: string;
  actor: { id: string | null; name: string; role: string | null };
  changes: unknown;
  /** The names of the people `changes` names by id. */
  names: Record<string, string>;
}

export interface HistoryPage {
  data: HistoryEntry[];
  count: number;
  types: string[];
}

export interface CustomersQuery {
  offset: number;
  limit: number;
  search: string;
  status: string;
  deal_type: string;
  broker: string;
}
