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
}
