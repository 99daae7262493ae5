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

/** A message that could not be delivered within its retry window, and why (masked like the text). */
export interface MessageFailedData extends MessageSentData {
  reason: string;
}

/**
 * What the carrier reported after taking a text message: it reached the phone, or it did not and why
 * (the carrier's error code and words). Carries the sent message's facts, so the event log files it alike.
 */
export interface MessageDeliveryData extends MessageSentData {
  carrierStatus: string;
  reason: string | null;
}

export type MessageSent = NewEvent<'sms.sent' | 'email.sent', MessageSentData>;
export type MessageFailed = NewEvent<'sms.failed' | 'email.failed', MessageFailedData>;
export type MessageDelivery = NewEvent<'sms.delivered' | 'sms.undelivered', MessageDeliveryData>;
export type MessageEvent = MessageSent | MessageFailed | MessageDelivery;

export const MESSAGE_SENT_TYPES = ['sms.sent', 'email.sent'] as const;
export const MESSAGE_FAILED_TYPES = ['sms.failed', 'email.failed'] as const;
export const MESSAGE_DELIVERY_TYPES = ['sms.delivered', 'sms.undelivered'] as const;
export const MESSAGE_EVENT_TYPES = [
  ...MESSAGE_SENT_TYPES,
  ...MESSAGE_FAILED_TYPES,
  ...MESSAGE_DELIVERY_TYPES,
] as const;
