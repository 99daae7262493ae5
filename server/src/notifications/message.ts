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
