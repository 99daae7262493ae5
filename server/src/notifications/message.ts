import type { BrokerageSettings } from '../../../machines/brokerage.js';
import { formatPhone } from '../../../machines/phone.js';
import escapeHtml from 'escape-html';
import type { PasswordDelivery } from '../users/user.events.js';

export type Channel = 'sms' | 'email';

export const PASSWORD_PLACEHOLDER = '{password}';
/** Where a message names the brokerage: its name from Settings as it is when the message is sent. */
export const BROKERAGE_PLACEHOLDER = '{brokerage}';
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
  /** Where a reply goes: the brokerage's own address, since the sender is one nobody reads. */
  replyTo?: string;
  passwordDelivery?: PasswordDelivery;
}

/**
 * The text messages that carry a password end with it alone on its own line, with nothing after it: a
 * phone then selects and copies the password without any punctuation beside it.
 */
export function welcomeText(firstName: string, publicUrl: string): string {
  return `Welcome to Homeward, ${firstName}! Sign in at ${publicUrl}/auth with your phone number and this password:\n${PASSWORD_PLACEHOLDER}`;
}

export function newPasswordText(publicUrl: string): string {
  return `Sign in to Homeward at ${publicUrl}/auth with your phone number and this new password, then choose your own:\n${PASSWORD_PLACEHOLDER}`;
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

/**
 * A message as the brokerage sends it, with its Settings as they are when it is sent: its name where the
 * text names it, and an e-mail signed with its name and contacts and answered to it (a quote request asks
 * for a reply). A text message stays short and unsigned.
 */
export function fromBrokerage(message: OutgoingMessage, brokerage: BrokerageSettings): OutgoingMessage {
  const named = message.text.replaceAll(BROKERAGE_PLACEHOLDER, brokerage.name);
  if (message.channel !== 'email') return { ...message, text: named };
  const text = `${named}\n\n${brokerage.name}\n${formatPhone(brokerage.phone)} · ${brokerage.email}`;
  return { ...message, text, html: textToHtml(text), replyTo: brokerage.email };
}
