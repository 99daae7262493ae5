import type { Caller } from '../auth/auth.decorators.js';
import type { StoredEvent } from '../event-store/event.types.js';
import type { DomainEventPush } from '../../../../machines/domain-event-push.js';
import { isStaffRole } from '../../../../machines/roles.js';

export type { DomainEventPush };

/** Room names in one place: a socket joins only the rooms its user may hear. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  /** One signed-in session's sockets: they are disconnected when it ends. */
  session: (sessionId: string) => `session:${sessionId}`,
  customer: (customerId: string) => `customer:${customerId}`,
  role: (role: string) => `role:${role}`,
  staff: 'staff',
};

export function roomsFor(caller: Caller): string[] {
  // Until a sent password is replaced or a required second factor set up, a socket hears only its own
  // account; it is closed when that changes and reconnects with the rest.
  if (caller.requireChangePassword || caller.mustEnrolSecondFactor)
    return [rooms.user(caller.id), rooms.session(caller.sessionId)];
  const joined = [rooms.user(caller.id), rooms.session(caller.sessionId), rooms.role(caller.role)];
  if (isStaffRole(caller.role)) joined.push(rooms.staff);
  if (caller.role === 'customer' && caller.customerId) joined.push(rooms.customer(caller.customerId));
  return joined;
}

export interface ServerToClientEvents {
  'domain-event': (push: DomainEventPush) => void;
  /** The socket is in its rooms: every event after `position` will be pushed to it. */
  joined: (horizon: { position: number }) => void;
  /** More was missed than is worth pushing again: the page reads its data afresh. */
  resync: () => void;
}

export interface ClientToServerEvents {
  /** Pushes again the events after `since` (up to the socket's joining) that the socket may hear. */
  'catch-up': (since: unknown) => void;
}

/** What a socket hears of an event. */
export function pushOf(event: StoredEvent, customerId: string | null): DomainEventPush {
  return {
    position: event.position,
    type: event.type,
    stream_type: event.streamType,
    stream_id: event.streamId,
    customer_id: customerId,
    created: event.createdAt.toISOString(),
    request_id: event.metadata?.requestId ?? null,
  };
}
