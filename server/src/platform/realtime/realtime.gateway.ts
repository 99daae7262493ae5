import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { Caller } from '../auth/auth.decorators.js';
import { CallerResolver } from '../auth/caller.resolver.js';
import { EventStore } from '../event-store/event-store.js';
import { RealtimeAudience } from './realtime.audience.js';
import { RealtimeHorizon } from './realtime.horizon.js';
import { type ClientToServerEvents, pushOf, roomsFor, type ServerToClientEvents } from './rooms.js';

interface SocketData {
  caller: Caller;
  /** Every event after this position is pushed to the socket: it was in its rooms before they were. */
  joinedAt: number;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Events pushed again at most: a page that missed more reads its data afresh. */
const CATCH_UP_LIMIT = 500;

/**
 * Socket.IO on the HTTP port. The handshake must carry a valid access token (`auth.token`); the socket
 * then joins only its user's rooms and is told from which log position on it hears everything. Clients
 * change nothing here (every change is an HTTP command): they only ask for the events they may have missed
 * between reading their data and joining, which are pushed to them under the rules of any push.
 */
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('Realtime');

  @WebSocketServer()
  server: RealtimeServer;

  constructor(
    private readonly callers: CallerResolver,
    private readonly horizon: RealtimeHorizon,
    private readonly events: EventStore,
    private readonly audience: RealtimeAudience,
  ) {}

  afterInit(server: RealtimeServer): void {
    server.use((socket: RealtimeSocket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !token)
        return next(new Error('unauthorized: an access token is required'));
      this.callers
        .fromAccessToken(token)
        .then((caller) => {
          socket.data.caller = caller;
          void socket.join(roomsFor(caller));
          // Read once the socket is in its rooms: an event begun before may have passed it, none after.
          socket.data.joinedAt = this.horizon.position();
          next();
        })
        .catch((error: Error) => next(new Error(`unauthorized: ${error.message}`)));
    });
    this.logger.log('Realtime gateway ready');
  }

  handleConnection(socket: RealtimeSocket): void {
    socket.emit('joined', { position: socket.data.joinedAt });
  }

  /**
   * Pushes again the events after `since`, up to the socket's joining, that its rooms hear now: what a
   * page read before it listened may not show them. Anything else asked is ignored.
   */
  @SubscribeMessage('catch-up')
  async catchUp(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() since: unknown): Promise<void> {
    const until = socket.data.joinedAt;
    if (typeof since !== 'number' || !Number.isSafeInteger(since) || since < 0 || since >= until) return;
    const missed = (await this.events.readAll(since, CATCH_UP_LIMIT + 1)).filter((e) => e.position <= until);
    if (missed.length > CATCH_UP_LIMIT) {
      socket.emit('resync');
      return;
    }
    for (const event of missed) {
      const { rooms, customerId } = await this.audience.of(event);
      if (rooms.some((room) => socket.rooms.has(room)))
        socket.emit('domain-event', pushOf(event, customerId));
    }
  }

  /**
   * This instance's sockets in a room join and leave rooms as their sessions now allow (a password chosen,
   * a second factor set up or required); a socket whose session ended is closed.
   */
  async regroup(room: string): Promise<void> {
    if (!this.server) return;
    for (const socket of await this.server.local.in(room).fetchSockets()) {
      const before = socket.data.caller;
      let caller: Caller;
      try {
        caller = await this.callers.ofSession(before.id, before.sessionId);
      } catch {
        socket.disconnect(true);
        continue;
      }
      socket.data.caller = caller;
      const allowed = new Set(roomsFor(caller));
      for (const joined of socket.rooms)
        if (joined !== socket.id && !allowed.has(joined)) socket.leave(joined);
      socket.join([...allowed]);
    }
  }
}
