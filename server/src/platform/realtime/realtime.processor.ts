import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventProcessorRunner, type EventProcessor } from '../event-store/event-processor.js';
import type { StoredEvent } from '../event-store/event.types.js';
import { RealtimeAudience } from './realtime.audience.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { rooms as roomNames } from './rooms.js';

/** The room whose sockets must go when this event happens: an ended session, a deactivated account. */
function roomToDisconnect(event: StoredEvent): string | null {
  if (event.streamType === 'session' && event.type === 'session.revoked')
    return roomNames.session(event.streamId);
  if (event.streamType === 'user' && event.type === 'user.deactivated') return roomNames.user(event.streamId);
  return null;
}

/**
 * Pushes each committed event to the sockets of this instance that may hear of it. Every instance
 * follows the log itself and emits locally, so with several instances each client hears an event once.
 */
@Injectable()
export class RealtimeProcessor implements EventProcessor, OnModuleInit {
  readonly name = 'realtime';
  readonly durable = false;

  constructor(
    private readonly runner: EventProcessorRunner,
    private readonly audience: RealtimeAudience,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    this.runner.register(this);
  }

  async handle(event: StoredEvent): Promise<void> {
    const ended = roomToDisconnect(event);
    // Every instance follows the log, so each disconnects its own sockets, like pushes; `true` closes the
    // connection itself, so the client does not reconnect on its own with the token it holds.
    if (ended) this.gateway.server?.local.in(ended).disconnectSockets(true);
    const { rooms, customerId } = await this.audience.of(event);
    if (rooms.length === 0 || !this.gateway.server) return;
    this.gateway.server.local.to(rooms).emit('domain-event', {
      position: event.position,
      type: event.type,
      stream_type: event.streamType,
      stream_id: event.streamId,
      customer_id: customerId,
      created: event.createdAt.toISOString(),
    });
  }
}
