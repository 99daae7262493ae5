import { STEP_LABELS, dealTypeLabel, statusLabel } from './customer.rules.js';
import { formatFileSize } from './files.js';
import { formatPhone } from './phone.js';
import { isId } from './validation.js';

/** One changed field of an audit entry, as a reader sees it: 'Lender: Royal Bank of Canada → TD Bank'. */
export interface ChangeLine {
  field: string;
  /** The value before, when the event records it. */
  before?: string;
  after: string;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Made once for every change shown: creating a formatter costs far more than using it. */
const MEDIUM_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Events whose type put into words would read oddly: what happened, as the people at the brokerage say it. */
const EVENT_LABELS: Record<string, string> = {
  'auth.logged_in': 'Signed in',
  'auth.first_login': 'First sign-in',
  'lawyer.pending_approve': 'Lawyer added, waiting for approval',
  'lawyer.pending_revoke': 'Lawyer revoked, waiting for approval',
  'lawyer.empty': 'Lawyer removed',
  'lawyer.registered': 'Own lawyer added',
  'lawyer.updated': 'Lawyer details corrected',
  'appraiser.pending_approve': 'Appraiser added, waiting for approval',
  'appraiser.empty': 'Appraiser removed',
  'customer.steps_changed': 'Roadmap steps changed',
  'form_file.uploaded': 'File uploaded',
  'form_file.status_changed': 'File status changed',
  'form_file.thumbnail_created': 'File preview made',
  'comment.thumbnail_created': 'Comment preview made',
};

/** What an event says happened: 'customer.status_changed' → 'Customer status changed'. */
export function eventTypeLabel(type: string): string {
  if (EVENT_LABELS[type]) return EVENT_LABELS[type];
  const text = type
    .replace(/[._]+/g, ' ')
    .replace(/\bsms\b/gi, 'SMS')
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Field names read better than the recorded keys. */
const FIELD_LABELS: Record<string, string> = {
  addressLine: 'Address',
  address_line: 'Address',
  brokerId: 'Broker',
  assistantId: 'Assistant',
  lawyerId: 'Lawyer',
  appraiserId: 'Appraiser',
  authorId: 'Author',
  typedId: 'Client ID',
  typed_id: 'Client ID',
  filogixNumber: 'Filogix number',
  customerType: 'Customer type',
  dealType: 'Deal type',
  phoneNumber: 'Phone number',
  phone_number: 'Phone number',
  ltv: 'LTV',
  notifyType: 'Message',
  from: 'Before',
};

/** Keys whose values are names of states or choices ('pending_approve' reads 'Pending approve'). */
const ENUM_KEYS = new Set([
  'status',
  'from',
  'to',
  'customerType',
  'access_details',
  'mortgage_position',
  'notifyType',
  'choice',
  'channel',
]);

/** Bookkeeping of the log that says nothing to a reader (the client itself, the record's own ids). */
const HIDDEN = new Set([
  'customerId',
  'createdByCustomerId',
  'isInternal',
  'userId',
  'noteId',
  'commentId',
  'formCode',
  'code',
  'replacedBy',
  'key',
  'storageKey',
  'thumbnailKey',
  'fileKey',
  'rel',
  'relType',
  'messageId',
  'upToPosition',
  'position',
  'version',
  'transport',
]);

/** A form field's recorded name carries a suffix that keeps it unique in its form: 'down_payment-83d3'. */
const FORM_FIELD_NAME = /^([a-z0-9]+(?:_[a-z0-9]+)*)-[0-9a-z]{4}$/;

/** 'secondApplicant' → 'Second applicant', 'mortgage_position' → 'Mortgage position'. */
export function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A client's status as the product names it, any other state in words ('in_review' reads 'In review'). */
function stateLabel(value: string): string {
  const status = statusLabel(value);
  return status !== value ? status : fieldLabel(value);
}

/** A recorded value in words: people by name, statuses and dates as the product shows them. */
function showValue(key: string, value: unknown, names: Record<string, string>): string | null {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return key === 'size' ? formatFileSize(value) : String(value);
  if (typeof value === 'string') {
    if (isId(value)) return names[value] ?? null;
    if (key === 'dealType' || key === 'deal_type') return dealTypeLabel(value);
    if (ENUM_KEYS.has(key)) return stateLabel(value);
    if (/^1\d{10}$/.test(value)) return formatPhone(value);
    if (DATE_TIME.test(value)) {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return MEDIUM_DATE_TIME.format(date);
    }
    if (/^[a-z]+(_[a-z]+)+$/.test(value)) return fieldLabel(value);
    const formField = FORM_FIELD_NAME.exec(value);
    if (formField && key === 'field') return fieldLabel(formField[1]);
    return value;
  }
  if (Array.isArray(value)) {
    const items = value
      .map((item) => {
        if (!isRecord(item)) return showValue(key, item, names);
        if (typeof item.step === 'string') {
          const label = STEP_LABELS[item.step as keyof typeof STEP_LABELS] ?? fieldLabel(item.step);
          return `${label}: ${item.is_active ? 'open' : 'closed'}${item.is_completed ? ', completed' : ''}`;
        }
        const named = item.caption ?? item.name ?? item.file_name;
        return typeof named === 'string' ? named : null;
      })
      .filter((item): item is string => !!item);
    return items.length ? items.join('; ') : '—';
  }
  return null;
}

/** Each field of a record, nested records flattened under their own name ('Second applicant email'). */
function lines(
  record: Record<string, unknown>,
  names: Record<string, string>,
  before: Record<string, unknown> = {},
  prefix = '',
): ChangeLine[] {
  return Object.entries(record).flatMap(([key, value]): ChangeLine[] => {
    // A file is named by its id where the entry does not name it already (a status change, a comment).
    if (HIDDEN.has(key) || (key === 'fileId' && 'fileName' in record)) return [];
    const field = prefix ? `${prefix} ${fieldLabel(key).toLowerCase()}` : fieldLabel(key);
    if (isRecord(value)) {
      const old = isRecord(before[key]) ? (before[key] as Record<string, unknown>) : {};
      return lines(value, names, old, field);
    }
    const after = showValue(key, value, names);
    if (after === null) return [];
    // A field recorded without a value says nothing, unless it was emptied by an edit.
    if (!(key in before)) return after === '—' ? [] : [{ field, after }];
    const was = showValue(key, before[key], names) ?? '—';
    return was === after ? [] : [{ field, before: was, after }];
  });
}

/**
 * What an audit entry changed, field by field: an edit with its old and new values, a status change from
 * one status to the other, anything else field by field; people named by id are shown by name, and ids
 * that name no one a reader knows are left out.
 */
export function describeChanges(changes: unknown, names: Record<string, string> = {}): ChangeLine[] {
  if (!isRecord(changes)) return [];
  if (isRecord(changes.changes)) {
    const { changes: changed, before, ...rest } = changes;
    const recorded = Object.fromEntries(Object.entries(rest).filter(([, value]) => value != null));
    return [...lines(changed, names, isRecord(before) ? before : {}), ...lines(recorded, names)];
  }
  if (typeof changes.from === 'string' && typeof changes.to === 'string') {
    const { from, to, ...rest } = changes;
    return [{ field: 'Status', before: stateLabel(from), after: stateLabel(to) }, ...lines(rest, names)];
  }
  return lines(changes, names);
}
