import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '../event-store/event.types.js';
import { rooms } from './rooms.js';

export interface Audience {
  rooms: string[];
  customerId: string | null;
}

/** Given an event, the rooms allowed to hear of it; null when the resolver does not know the event. */
export type AudienceResolver = (event: StoredEvent) => Promise<Audience | null> | Audience | null;

/**
 * Features say who may hear of their events. An event no resolver claims goes to nobody: a push is
 * never broadcast by default, so a customer cannot hear of another customer's changes by accident.
 */
@Injectable()
export class RealtimeAudience {
  private readonly resolvers: AudienceResolver[] = [];

  /** A user's own events reach that user, unless a feature says who else hears of them. */
  private readonly ownEvents: AudienceResolver = (event) =>
    event.streamType === 'user' ? { rooms: [rooms.user(event.streamId)], customerId: null } : null;

  register(resolver: AudienceResolver): void {
    this.resolvers.push(resolver);
  }

  async of(event: StoredEvent): Promise<Audience> {
    for (const resolver of [...this.resolvers, this.ownEvents]) {
      const audience = await resolver(event);
      if (audience) return audience;
    }
    return { rooms: [], customerId: null };
  }
}
