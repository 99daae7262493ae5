import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { OutgoingMessage } from './message.js';

/** Turns one committed event into the messages it causes; features register their own rules. */
export type NotificationRule = (event: StoredEvent) => Promise<OutgoingMessage[]> | OutgoingMessage[];

@Injectable()
export class NotificationRules {
  private readonly rules: NotificationRule[] = [];

  register(rule: NotificationRule): void {
    this.rules.push(rule);
  }

  async messagesFor(event: StoredEvent): Promise<OutgoingMessage[]> {
    const all: OutgoingMessage[] = [];
    for (const rule of this.rules) all.push(...(await rule(event)));
    return all;
  }
}

/** A message id that is the same however often an event is processed, so a message is sent once. */
export function messageId(event: StoredEvent, purpose: string): string {
  return `${event.position}-${purpose}`;
}
