import escapeHtml from 'escape-html';
import type { PasswordDelivery } from '../users/user.events.js';

export type Channel = 'sms' | 'email';

export const PASSWORD_PLACEHOLDER = '{password}';
export const MASK = '********';

/**
 * A message the product will send. Its text may hold `{password}`: the job renders the one-time password
 * from `passwordDelivery` at send time, and records the text with the password masked.
 */
export interface OutgoingMessage {
  id: string;
  channel: Channel;
  to: string;
  recipientUserId: string | null;
  /** What the event log files it under (spec: rel_type=User&rel_id=...). */
  rel: { type: string; id: string } | null;
  subject: string;
  text: string;
  html?: string;
  passwordDelivery?: PasswordDelivery;
}

export function render(template: string, password: string | null): string {
  return password === null ? template : template.split(PASSWORD_PLACEHOLDER).join(password);
}

/** The text as it may be kept: the password replaced by a mask, never written anywhere. */
export function masked(template: string): string {
  return template.split(PASSWORD_PLACEHOLDER).join(MASK);
}

/**
 * The HTML body of an e-mail written as plain text: everything in it is escaped, so a name or firm such
 * as `Smith & <b>Jones</b>` arrives as those characters and never as markup; line breaks are kept.
 */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('')}</body></html>`;
}

type MessageFields = Omit<OutgoingMessage, 'channel' | 'html'>;

/** An e-mail: the text, and the same text as escaped HTML. */
export function emailMessage(fields: MessageFields): OutgoingMessage {
  return { ...fields, channel: 'email', html: textToHtml(fields.text) };
}

/** A text message carries text only. */
export function smsMessage(fields: MessageFields): OutgoingMessage {
  return { ...fields, channel: 'sms' };
}
