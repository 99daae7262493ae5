import { Logger } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { Caller } from '../auth/auth.decorators.js';
import { CallerResolver } from '../auth/caller.resolver.js';
import { roomsFor, type ServerToClientEvents } from './rooms.js';

export type RealtimeServer = Server<
  Record<string, never>,
  ServerToClientEvents,
  Record<string, never>,
  { caller: Caller }
>;

/**
 * Socket.IO on the HTTP port. The handshake must carry a valid access token (`auth.token`); the socket
 * then joins only its user's rooms. Clients only listen: every change goes through HTTP commands.
 */
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger('Realtime');

  @WebSocketServer()
  server: RealtimeServer;

  constructor(private readonly callers: CallerResolver) {}

  afterInit(server: RealtimeServer): void {
    server.use((socket: Socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !token)
        return next(new Error('unauthorized: an access token is required'));
      this.callers
        .fromAccessToken(token)
        .then((caller) => {
          socket.data.caller = caller;
          void socket.join(roomsFor(caller));
          next();
        })
        .catch((error: Error) => next(new Error(`unauthorized: ${error.message}`)));
    });
    this.logger.log('Realtime gateway ready');
  }

  /**
   * This instance's sockets in a room join and leave rooms as their sessions now allow (a password chosen,
   * a second factor set up or required); a socket whose session ended is closed.
   */
  async regroup(room: string): Promise<void> {
    if (!this.server) return;
    for (const socket of await this.server.local.in(room).fetchSockets()) {
      const before = socket.data.caller as Caller;
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
