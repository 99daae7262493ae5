import { stepProgress } from '../../../machines/roadmap-progress.js';
import type { CustomerRow } from './customers.repository.js';

const person = (id: string | null, first: string | null, last: string | null) =>
  id ? { id, first_name: first ?? '', last_name: last ?? '' } : null;

/** The client as the API answers it (spec section 3), with `version` for optimistic concurrency. */
export function toCustomerView(row: CustomerRow) {
  return {
    id: row.id,
    typed_id: row.typed_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    closing_date: row.closing_date,
    status: row.status,
    deal_type: row.deal_type,
    filogix_number: row.filogix_number,
    lender: row.lender,
    address_line: row.address_line,
    role: row.customer_type,
    assistant: person(row.assistant_id, row.assistant_first_name, row.assistant_last_name),
    broker: row.broker_id
      ? {
          ...person(row.broker_id, row.broker_first_name, row.broker_last_name)!,
          codes: row.broker_codes ?? [],
        }
      : null,
    second_applicant_first_name: row.second_applicant_first_name,
    second_applicant_last_name: row.second_applicant_last_name,
    second_applicant_email: row.second_applicant_email,
    second_applicant_phone_number: row.second_applicant_phone_number,
    form_codes: row.form_codes,
    form_files_stat: { in_review: row.files_in_review },
    form_comments_stat: { comments_unread: row.comments_unread },
    notes_stat: { unread: row.notes_unread },
    is_review_requested: row.is_review_requested,
    review_requested_at: row.review_requested_at ? new Date(row.review_requested_at).toISOString() : null,
    lawyer: row.lawyer_id,
    lawyer_status: row.lawyer_status,
    appraiser: row.appraiser_id,
    appraiser_status: row.appraiser_status,
    steps: stepProgress(row.steps, {
      form: row.active_form,
      lawyerStatus: row.lawyer_status,
      appraiserStatus: row.appraiser_status,
    }),
    user: row.user_id ? { id: row.user_id } : null,
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

export type CustomerView = ReturnType<typeof toCustomerView>;

/**
 * The client as they see their own file: without the staff's internal notes count, the brokerage's
 * Filogix folder number and the review-request bookkeeping.
 */
export function toOwnCustomerView(row: CustomerRow) {
  const {
    notes_stat: _notes,
    filogix_number: _filogix,
    is_review_requested: _reviewRequested,
    review_requested_at: _reviewRequestedAt,
    ...own
  } = toCustomerView(row);
  return own;
}

export type OwnCustomerView = ReturnType<typeof toOwnCustomerView>;

/** The view of a client for whoever asks: staff see everything, a customer only their own view. */
export function customerViewFor(caller: { role: string }, row: CustomerRow): CustomerView | OwnCustomerView {
  return caller.role === 'customer' ? toOwnCustomerView(row) : toCustomerView(row);
}
