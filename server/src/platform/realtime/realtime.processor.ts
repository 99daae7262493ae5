import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CallerResolver } from '../auth/caller.resolver.js';
import { EventProcessorRunner, type EventProcessor } from '../event-store/event-processor.js';
import type { StoredEvent } from '../event-store/event.types.js';
import { RealtimeAudience } from './realtime.audience.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { REALTIME_PROCESSOR, RealtimeHorizon } from './realtime.horizon.js';
import { pushOf, rooms as roomNames } from './rooms.js';

/** Events after which a user's sockets may hear other rooms. */
const ROOMS_CHANGE = new Set([
  'user.password_changed',
  'user.reset_password_used',
  'user.second_factor_enabled',
  'user.second_factor_removed',
  // A broker made an assistant hears the clients an assistant hears, and no longer only their own.
  'user.role_changed',
]);

/** The room whose sockets must go before this event is pushed: an ended session, a deactivated account. */
function roomEnded(event: StoredEvent): string | null {
  if (event.streamType === 'session' && event.type === 'session.revoked')
    return roomNames.session(event.streamId);
  if (event.streamType === 'user' && event.type === 'user.deactivated') return roomNames.user(event.streamId);
  return null;
}

/**
 * The room whose sockets regroup once this event is pushed: an account whose password is now its own or
 * whose second factor is set up or reset, and every staff socket when the brokerage's settings change (those
 * who must set up a second factor then hear only their own account).
 */
function roomToRegroup(event: StoredEvent): string | null {
  if (event.streamType === 'user' && ROOMS_CHANGE.has(event.type)) return roomNames.user(event.streamId);
  if (event.type === 'brokerage.settings_changed') {
    const { changes } = event.data as { changes: { secondFactorRequired?: boolean } };
    if (changes.secondFactorRequired !== undefined) return roomNames.staff;
  }
  return null;
}

/**
 * Pushes each committed event to the sockets of this instance that may hear of it. Every instance
 * follows the log itself and emits locally, so with several instances each client hears an event once.
 */
@Injectable()
export class RealtimeProcessor implements EventProcessor, OnModuleInit {
  readonly name = REALTIME_PROCESSOR;
  readonly durable = false;

  constructor(
    private readonly runner: EventProcessorRunner,
    private readonly audience: RealtimeAudience,
    private readonly gateway: RealtimeGateway,
    private readonly callers: CallerResolver,
    private readonly horizon: RealtimeHorizon,
  ) {}

  onModuleInit(): void {
    this.runner.register(this);
  }

  async handle(event: StoredEvent): Promise<void> {
    // Before anything is emitted: a socket joining from now on is told this event may have passed it.
    this.horizon.begin(event.position);
    // Appends of other instances reach this one here: what they changed of a user or session is read afresh.
    this.callers.follow(event);
    const ended = roomEnded(event);
    // Every instance follows the log, so each disconnects its own sockets, like pushes; `true` closes the
    // connection itself, so the client does not reconnect on its own with the token it holds.
    if (ended) this.gateway.server?.local.in(ended).disconnectSockets(true);
    await this.push(event);
    const regroup = roomToRegroup(event);
    if (regroup) await this.gateway.regroup(regroup);
  }

  private async push(event: StoredEvent): Promise<void> {
    const { rooms, customerId } = await this.audience.of(event);
    if (rooms.length === 0 || !this.gateway.server) return;
    this.gateway.server.local.to(rooms).emit('domain-event', pushOf(event, customerId));
  }
}
