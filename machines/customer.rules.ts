import {
  CLOSING_WARNING_DAYS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  DEAL_TYPES,
  normaliseStatus,
  type CustomerStatus,
  type CustomerType,
  type DealType,
  type RoadmapStep,
} from './customer.enums.js';

/** Display rules of a client (spec sections 3 and 4): labels, the display ID, the closing date, reviews. */

export const STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  approved: 'Approved',
  pre_approved: 'Pre-approved',
  broker_complete: 'Broker complete',
  funded: 'Funded',
  closed: 'Closed',
  cancelled: 'Cancelled',
  consent_signed: 'Consent signed',
};

export const DEAL_TYPE_LABELS: Record<DealType, string> = {
  purchase: 'Purchase',
  refinance: 'Refinance',
  second_mortgage: 'Second mortgage',
};

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  applicant: 'Applicant',
  realtor: 'Realtor',
  tenant: 'Tenant',
  relative: 'Relative',
};

export const STEP_LABELS: Record<RoadmapStep, string> = {
  application: 'Mortgage application',
  uploads: 'Documents upload',
  lawyers: 'Solicitor',
  appraisers: 'Appraiser',
  sign_documents: 'Sign documents',
};

export function statusLabel(status: string | null | undefined): string {
  const value = normaliseStatus(status ?? '');
  return (STATUS_LABELS as Record<string, string>)[value] ?? value;
}

export function dealTypeLabel(dealType: string | null | undefined): string {
  return (DEAL_TYPE_LABELS as Record<string, string>)[dealType ?? ''] ?? dealType ?? '';
}

export function customerTypeLabel(type: string | null | undefined): string {
  return (CUSTOMER_TYPE_LABELS as Record<string, string>)[type ?? ''] ?? type ?? '';
}

export const STATUS_OPTIONS = CUSTOMER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
export const DEAL_TYPE_OPTIONS = DEAL_TYPES.map((value) => ({ value, label: DEAL_TYPE_LABELS[value] }));
export const CUSTOMER_TYPE_OPTIONS = CUSTOMER_TYPES.map((value) => ({
  value,
  label: CUSTOMER_TYPE_LABELS[value],
}));

export interface PersonName {
  first_name?: string | null;
  last_name?: string | null;
}

/** 'First Last', skipping what is missing. */
export function personName(person: PersonName | null | undefined): string {
  return [person?.first_name, person?.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The ID shown for a client: the Filogix number when there is one, else the typed ID in upper case. */
export function displayId(customer: { typed_id?: string | null; filogix_number?: string | null }): string {
  const filogix = (customer.filogix_number ?? '').trim();
  return filogix || (customer.typed_id ?? '').toUpperCase();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of a calendar day, so day differences ignore time zones and daylight saving. */
function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month, day) / DAY_MS;
}

/** Whole days from `today` (local calendar day) to a 'YYYY-MM-DD' date; negative once it has passed. */
export function daysUntil(date: string | null | undefined, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!match) return null;
  const target = dayNumber(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return target - dayNumber(today.getFullYear(), today.getMonth(), today.getDate());
}

/** Statuses for which the closing date no longer matters. */
export const CLOSING_SETTLED_STATUSES: readonly string[] = ['funded', 'closed', 'cancelled', 'canceled'];

export interface ClosingDateState {
  /** Days until the closing date, or null without one. */
  days: number | null;
  /** The warning: 14 days or fewer left (or passed) and the file is not funded, closed or cancelled. */
  warning: boolean;
  /** 'Closing date in N days', shown only when N is between 0 and 14. */
  counter: string | null;
}

export function closingDateState(
  customer: { closing_date?: string | null; status?: string | null },
  today: Date = new Date(),
): ClosingDateState {
  const days = daysUntil(customer.closing_date, today);
  if (days === null) return { days, warning: false, counter: null };
  const warning = days <= CLOSING_WARNING_DAYS && !CLOSING_SETTLED_STATUSES.includes(customer.status ?? '');
  const counter =
    days >= 0 && days <= CLOSING_WARNING_DAYS
      ? `Closing date in ${days} ${days === 1 ? 'day' : 'days'}`
      : null;
  return { days, warning, counter };
}

/** The request-review link shows for a funded client whose review was not requested yet. */
export function canRequestReview(customer: {
  status?: string | null;
  is_review_requested?: boolean;
}): boolean {
  return normaliseStatus(customer.status ?? '') === 'funded' && !customer.is_review_requested;
}

/**
 * 'Email the lawyer' sends the file to the client's assigned lawyer: not to a pick still waiting for
 * staff's approval, nor while the customer's revoke of the lawyer waits.
 */
export function canEmailLawyer(customer: { lawyer_status?: string | null }): boolean {
  return customer.lawyer_status === 'assigned';
}

/** A review request date as DD.MM.YYYY (local time). */
export function formatReviewDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}
