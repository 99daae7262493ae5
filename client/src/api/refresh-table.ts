import type { QueryKey } from '@tanstack/react-query';
import type { DomainEventPush } from '@machines/domain-event-push';
import {
  appraiserKeys,
  brokerageKey,
  curatorsKey,
  customerKeys,
  documentKeys,
  inboxKeys,
  lawyerKeys,
  ownProfileKey,
  pipelineKeys,
  reminderKeys,
  staffUserKeys,
  teamKeys,
} from './query-keys';

/** The reads one pushed event makes stale; a push says what changed and for which client, never the data. */
export type Refresh = (event: DomainEventPush) => QueryKey[];

const keys =
  (...list: QueryKey[]): Refresh =>
  () =>
    list;

/** Keys of the event's client; an event without a client has none. */
const ofClient =
  (...list: ((customerId: string) => QueryKey)[]): Refresh =>
  (event) =>
    event.customer_id ? list.map((key) => key(event.customer_id!)) : [];

const all =
  (...refreshes: Refresh[]): Refresh =>
  (event) =>
    refreshes.flatMap((refresh) => refresh(event));

/** Nothing on screen shows it, or the server never pushes it (sessions, phone numbers, directories). */
const nothing: Refresh = () => [];

/** The client's audit trail lists every event filed under the client. */
const auditTrail = ofClient((id) => customerKeys.history(id));

/** The client as staff see them (panel, dashboard rows) and as the customer sees themself. */
const clientView = all(keys(customerKeys.lists(), ownProfileKey), ofClient(customerKeys.detail), auditTrail);

/** A lawyer, an appraiser or a step changed: the roadmap, the team and the open assignment pages too. */
const assignment = all(clientView, keys(curatorsKey), (event) =>
  event.customer_id
    ? [lawyerKeys.customer(event.customer_id), appraiserKeys.customer(event.customer_id)]
    : [lawyerKeys.all, appraiserKeys.all],
);

const notes = all(clientView, ofClient(customerKeys.notes));

/** Files and their statuses: the histories (not the forms' fields) and the counters of the client. */
const files = all(clientView, ofClient(documentKeys.histories));

/** Forms, and the chat about files, whose counters are on the form, on each file and on the client. */
const documents = all(clientView, ofClient(documentKeys.customer));

/** A message written, deleted or read: the header's message badge counts it. */
const messages = keys(inboxKeys.messages);

/** Something the bell lists happened, or a reader marked the bell read. */
const bell = keys(inboxKeys.updates);

/** What the event log shows: sign-ins, account changes, messages sent. */
const activity = all(keys(customerKeys.eventLogs()), auditTrail);

/** The Pipeline page's figures: clients' statuses and brokers, active forms and their files' statuses. */
const pipeline = keys(pipelineKeys.all);

/** The team page counts each member's clients. */
const team = keys(teamKeys.all);

/** An account changed: the event log, the team page, and the staff offered as a client's broker or assistant. */
const account = all(activity, team, keys(staffUserKeys.brokers, staffUserKeys.assistants));

/**
 * Every event type the server writes, and the reads it refreshes when pushed. The table's test reads the
 * server's event types from its sources and fails on a type missing here.
 */
export const REFRESH_TABLE: Readonly<Record<string, Refresh>> = {
  'customer.created': all(clientView, pipeline, team),
  // A new broker is the customer's header too.
  'customer.updated': all(clientView, pipeline, team, keys(curatorsKey)),
  'customer.status_changed': all(clientView, bell, pipeline),
  'customer.deleted': all(clientView, pipeline, team),
  'customer.review_requested': clientView,
  'customer.notification_requested': clientView,
  'customer.form_opened': clientView,
  'customer.steps_changed': all(assignment, bell),

  'note.added': all(notes, messages),
  'note.deleted': all(notes, messages),
  'notes.marked_read': all(notes, messages),

  'form.created': all(documents, pipeline),
  'form.fields_saved': all(documents, pipeline),
  'form.archived': all(documents, pipeline),
  'form.lender_package_downloaded': auditTrail,
  'form_file.uploaded': all(files, bell, pipeline),
  'form_file.status_changed': all(files, bell, pipeline),
  'form_file.thumbnail_created': ofClient(documentKeys.histories),
  'comment.added': all(documents, messages, bell),
  'comment.deleted': all(documents, messages),
  // An open chat reads the thumbnail itself; no list shows it.
  'comment.thumbnail_created': nothing,
  'comments.marked_read': all(documents, messages),
  'form_template.created': keys(documentKeys.templates()),

  'lawyer.empty': assignment,
  'lawyer.pending_approve': all(assignment, bell),
  'lawyer.pending_revoke': all(assignment, bell),
  'lawyer.assigned': assignment,
  'lawyer.registered': all(ofClient(lawyerKeys.customer), auditTrail),
  'lawyer.updated': all(ofClient(lawyerKeys.customer), keys(curatorsKey), auditTrail),

  'appraiser.empty': assignment,
  'appraiser.pending_approve': all(assignment, bell),
  'appraiser.assigned': assignment,
  'appraisal.quote_requested': assignment,
  'appraiser.registered': keys(appraiserKeys.all),
  'bank.registered': keys(appraiserKeys.banks()),

  'user.registered': account,
  'user.password_changed': activity,
  'user.password_reset': activity,
  'user.password_reset_requested': activity,
  'user.reset_password_used': activity,
  // The pipeline names brokers as they are now, and a customer's header names their broker and assistant.
  'user.profile_updated': all(account, pipeline, keys(curatorsKey)),
  'user.deactivated': account,
  'user.reactivated': account,
  'user.role_changed': account,
  'user.broker_codes_changed': account,
  // The team page shows who signs in with a second factor; a sign-in with a code is activity only.
  'user.second_factor_enabled': account,
  'user.second_factor_removed': account,
  'user.second_factor_used': activity,
  'user.recovery_code_used': activity,
  'user.recovery_codes_replaced': account,
  'auth.logged_in': activity,
  'auth.first_login': activity,
  'sms.sent': activity,
  'email.sent': activity,
  'sms.failed': activity,
  'email.failed': activity,
  'sms.delivered': activity,
  'sms.undelivered': activity,

  'brokerage.settings_changed': keys(brokerageKey),
  'updates.marked_read': bell,

  'reminders.started': all(ofClient(reminderKeys.customer), auditTrail),
  'reminder.scheduled': all(ofClient(reminderKeys.customer), auditTrail),
  'reminder.sent': all(ofClient(reminderKeys.customer), auditTrail, bell),
  'reminders.paused': all(ofClient(reminderKeys.customer), auditTrail),
  'reminders.resumed': all(ofClient(reminderKeys.customer), auditTrail),
  'reminders.schedule_changed': all(ofClient(reminderKeys.customer), auditTrail),

  'session.started': nothing,
  'session.rotated': nothing,
  'session.revoked': nothing,
  'phone_number.reserved': nothing,
  'phone_number.released': nothing,
};

/** The reads an event refreshes; an unknown type refreshes its client's views, to be safe. */
export function refreshKeysOf(event: DomainEventPush, table = REFRESH_TABLE): QueryKey[] {
  const refresh = Object.hasOwn(table, event.type) ? table[event.type] : clientView;
  return refresh(event);
}
