import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClientBrokers } from '../customers/client-brokers.js';
import { staffRoomsFor } from '../customers/customer.audience.js';
import { preparedQuery } from '../platform/database/prepared.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { type Audience, RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';
import { filedUnder } from './activity.projection.js';
import { MESSAGE_STREAM, type MessageSentData } from './message.events.js';

/** Sign-ins the event log shows; the user's other events stay the user's own. */
const SIGN_INS = new Set(['auth.logged_in', 'auth.first_login']);

/** The user whose event log an event is filed in, or null when it is filed in none. */
function logOwner(event: StoredEvent): string | null {
  if (event.streamType === MESSAGE_STREAM) {
    const filed = filedUnder(event.data as MessageSentData);
    return filed?.type === 'User' ? filed.id : null;
  }
  return event.streamType === 'user' && SIGN_INS.has(event.type) ? event.streamId : null;
}

/**
 * An event log entry (a message sent or given up, a sign-in) reaches the user it concerns and whoever may
 * read that user's log: a customer's staff, or for a member of staff the principal brokers.
 */
@Injectable()
export class EventLogAudience implements OnModuleInit {
  constructor(
    private readonly audience: RealtimeAudience,
    private readonly brokers: ClientBrokers,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.audience.register((event) => this.of(event));
  }

  async of(event: StoredEvent): Promise<Audience | null> {
    const userId = logOwner(event);
    // A message filed in no user's log (to a lawyer, say) is heard by nobody; other events are not ours.
    if (!userId) return event.streamType === MESSAGE_STREAM ? { rooms: [], customerId: null } : null;
    const [user] = await preparedQuery<{ customer_id: string | null }>(
      this.dataSource,
      'SELECT customer_id FROM users WHERE id = $1',
      [userId],
    );
    const customerId = user?.customer_id ?? null;
    if (!customerId) return { rooms: [rooms.user(userId), rooms.role('principal_broker')], customerId: null };
    const broker = await this.brokers.of(customerId);
    return { rooms: [rooms.user(userId), ...staffRoomsFor([broker])], customerId };
  }
}
