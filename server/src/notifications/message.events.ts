import type { NewEvent } from '../platform/event-store/event.types.js';

export const MESSAGE_STREAM = 'message';

export interface MessageSentData {
  messageId: string;
  recipientUserId: string | null;
  relType: string | null;
  relId: string | null;
  recipient: string;
  subject: string;
  /** Always the masked text: a password sent in the message never reaches the event store. */
  text: string;
  transport: string;
}

export type MessageSent = NewEvent<'sms.sent' | 'email.sent', MessageSentData>;
export const MESSAGE_EVENT_TYPES = ['sms.sent', 'email.sent'] as const;
