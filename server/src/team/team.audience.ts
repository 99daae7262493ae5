import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../platform/database/prepared.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { type Audience, RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';
import type { UserRegistered } from '../users/user.events.js';
import { UsersRepository } from '../users/users.repository.js';
import { TEAM_HISTORY_TYPES } from './team-history.projection.js';

const TEAM_TYPES: ReadonlySet<string> = new Set(TEAM_HISTORY_TYPES);

/**
 * A change to a staff account reaches every staff member: the team page and the broker and assistant
 * pickers follow it live; a change of their profile also reaches the customers whose header names them.
 * A customer's account changes reach only that customer.
 */
@Injectable()
export class TeamAudience implements OnModuleInit {
  constructor(
    private readonly audience: RealtimeAudience,
    private readonly users: UsersRepository,
    private readonly dataSource: DataSource,
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
    const team = [rooms.user(event.streamId), rooms.staff];
    if (event.type !== 'user.profile_updated') return { rooms: team, customerId: null };
    // A broker's or assistant's name and e-mail are in their customers' header too.
    const customers = await preparedQuery<{ id: string }>(
      this.dataSource,
      'SELECT id FROM customers WHERE broker_id = $1 OR assistant_id = $1',
      [event.streamId],
    );
    return { rooms: [...team, ...customers.map((c) => rooms.customer(c.id))], customerId: null };
  }
}
