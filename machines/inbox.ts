/**
 * The header's two badges, for the server and the client: the message badge (conversations with messages
 * the reader has not seen: a client's notes, a file's chat) and the bell (what happened to the reader's
 * clients since they last looked).
 */

/** A conversation with unread messages (`GET inbox/messages/`). */
export interface UnreadConversation {
  kind: 'notes' | 'chat';
  customer_id: string;
  client_name: string;
  /** For a chat: the upload form and the file it is about. */
  code: string | null;
  file_id: string | null;
  file_name: string | null;
  unread: number;
  /** When its newest unread message was written. */
  last_at: string;
}

export interface UnreadMessages {
  /** Every unread message across the conversations (the badge). */
  unread: number;
  /** The conversations, newest first (at most 20). */
  conversations: UnreadConversation[];
}

/** One thing that happened to a client (`GET inbox/updates/`). */
export interface ClientUpdate {
  /** The event's position in the log: the mark 'read' moves to. */
  position: number;
  type: UpdateType;
  customer_id: string;
  client_name: string;
  created: string;
  /** Who did it; null for the system. */
  actor: { first_name: string; last_name: string } | null;
  /** What the text needs: a file's caption, a status, a step. */
  details: Record<string, unknown>;
  /** After the reader's mark. */
  unread: boolean;
  /** For a file: the upload form's code, so the link opens its review page. */
  code: string | null;
}

export interface ClientUpdates {
  /** Updates after the reader's mark, counted up to 100. */
  unread: number;
  /** The newest updates, read or not. */
  items: ClientUpdate[];
}

/** What staff hear of: a customer's upload, a status change, an assignment waiting, a reminder sent. */
export const STAFF_UPDATE_TYPES = [
  'form_file.uploaded',
  'customer.status_changed',
  'lawyer.pending_approve',
  'lawyer.pending_revoke',
  'appraiser.pending_approve',
  'reminder.sent',
] as const;

/** What a customer hears of: a reply in a file's chat, a file's new status, a step opened or done. */
export const CUSTOMER_UPDATE_TYPES = [
  'comment.added',
  'form_file.status_changed',
  'customer.steps_changed',
] as const;

export type UpdateType = (typeof STAFF_UPDATE_TYPES)[number] | (typeof CUSTOMER_UPDATE_TYPES)[number];

/** Updates counted beyond this show as '99+' on the bell. */
export const UPDATES_COUNTED = 100;

/** The message badge shows an infinity symbol above 99 (the specification's). */
export function messageBadgeLabel(count: number): string {
  return count > 99 ? '∞' : String(count);
}

/** The bell's count. */
export function updatesBadgeLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

const STATUS_WORDS: Record<string, string> = {
  in_review: 'in review',
  checked: 'checked',
  issue: 'needs attention',
};

/** One line for an update, as the bell lists it. */
export function updateText(update: Pick<ClientUpdate, 'type' | 'details' | 'actor' | 'client_name'>): string {
  const who = update.actor ? `${update.actor.first_name} ${update.actor.last_name}` : 'Someone';
  const d = update.details;
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : '');
  switch (update.type) {
    case 'form_file.uploaded':
      return `${who} uploaded ${text('caption') || 'a document'}`;
    case 'customer.status_changed':
      return `${update.client_name} is now ${text('to').replace(/_/g, ' ')}`;
    case 'lawyer.pending_approve':
      return `${update.client_name} chose a lawyer, waiting for approval`;
    case 'lawyer.pending_revoke':
      return `${update.client_name} asked to change their lawyer`;
    case 'appraiser.pending_approve':
      return `An appraiser for ${update.client_name} is waiting for approval`;
    case 'reminder.sent':
      return `A reminder of missing documents was sent to ${update.client_name}`;
    case 'comment.added':
      return `${who} replied about ${text('caption') || 'your document'}`;
    case 'form_file.status_changed':
      return `${text('caption') || 'Your document'} is ${STATUS_WORDS[text('to')] ?? text('to')}`;
    case 'customer.steps_changed':
      return 'Your roadmap was updated';
  }
}
