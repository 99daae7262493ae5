import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { type Audience, RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';
import type { UserRegistered } from '../users/user.events.js';
import { UsersRepository } from '../users/users.repository.js';
import { TEAM_HISTORY_TYPES } from './team-history.projection.js';

const TEAM_TYPES: ReadonlySet<string> = new Set(TEAM_HISTORY_TYPES);

/**
 * A change to a staff account reaches every staff member: the team page and the broker and assistant
 * pickers follow it live. A customer's account changes reach only that customer.
 */
@Injectable()
export class TeamAudience implements OnModuleInit {
  constructor(
    private readonly audience: RealtimeAudience,
    private readonly users: UsersRepository,
  ) {}

  onModuleInit(): void {
    this.audience.register((event) => this.of(event));
  }

  async of(event: StoredEvent): Promise<Audience | null> {
    if (event.streamType !== 'user' || !TEAM_TYPES.has(event.type)) return null;
    const role =
      event.type === 'user.registered'
        ? (event as unknown as UserRegistered).data.role
        : (await this.users.findById(event.streamId))?.role;
    if (!role || role === 'customer') return null;
    return { rooms: [rooms.user(event.streamId), rooms.staff], customerId: null };
  }
}
