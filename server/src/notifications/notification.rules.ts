import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { OutgoingMessage } from './message.js';

/** Turns one committed event into the messages it causes; features register their own rules. */
export type NotificationRule = (event: StoredEvent) => Promise<OutgoingMessage[]> | OutgoingMessage[];

@Injectable()
export class NotificationRules {
  private readonly rules: { types: ReadonlySet<string>; rule: NotificationRule }[] = [];
  private readonly types = new Set<string>();

  /** A rule names the event types it answers, so the log's other events cost the notifications nothing. */
  register(types: readonly string[], rule: NotificationRule): void {
    this.rules.push({ types: new Set(types), rule });
    for (const type of types) this.types.add(type);
  }

  accepts(event: StoredEvent): boolean {
    return this.types.has(event.type);
  }

  async messagesFor(event: StoredEvent): Promise<OutgoingMessage[]> {
    const all: OutgoingMessage[] = [];
    for (const { types, rule } of this.rules) if (types.has(event.type)) all.push(...(await rule(event)));
    return all;
  }
}

/** A message id that is the same however often an event is processed, so a message is sent once. */
export function messageId(event: StoredEvent, purpose: string): string {
  return `${event.position}-${purpose}`;
}
