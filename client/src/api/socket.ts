import type { DomainEventPush } from '@machines/domain-event-push';
import { io, type Socket } from 'socket.io-client';
import { setLive } from './connection';
import { ApiError } from './errors';
import { expireSession, refreshTokens } from './http';
import { onCatchUp, pageHorizon } from './read-horizon';
import { getAccessToken, onTokensChange } from './tokens';

/** What the server pushes after an event is committed to the log. */
export type DomainEvent = DomainEventPush;

interface ServerToClientEvents {
  'domain-event': (event: DomainEvent) => void;
  /** In its rooms: every event after `position` will be pushed. */
  joined: (horizon: { position: number }) => void;
  /** More was missed than the server pushes again: read everything afresh. */
  resync: () => void;
}

interface ClientToServerEvents {
  'catch-up': (since: number) => void;
}

type DomainEventHandler = (event: DomainEvent) => void;

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
let stopWatchingTokens: (() => void) | null = null;
let stopCatchingUp: (() => void) | null = null;
/** Refreshes tried since the last successful connection: one per rejection streak, not a loop. */
let refreshAttempts = 0;
const handlers = new Set<DomainEventHandler>();
const reconnectHandlers = new Set<() => void>();

/** Opens the connection to the same origin, authenticated with the current access token. */
export function connectSocket(): void {
  if (socket) return;
  const created: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    path: '/socket.io',
    // A function, so every (re)connection sends the token current at that moment.
    auth: (cb) => cb({ token: getAccessToken() ?? '' }),
  });
  socket = created;

  let connectedBefore = false;
  created.on('connect', () => {
    refreshAttempts = 0;
    setLive(true);
    // Pushes sent while the connection was down are lost: tell listeners to read their data again.
    if (connectedBefore) reconnectHandlers.forEach((handler) => handler());
    connectedBefore = true;
  });
  created.on('domain-event', (event) => {
    handlers.forEach((handler) => handler(event));
  });
  // What the page read before the connection joined may lack events pushed before it did: heard again.
  created.on('joined', ({ position }) => {
    const since = pageHorizon.joined(position);
    if (since !== null) created.emit('catch-up', since);
  });
  created.on('resync', () => reconnectHandlers.forEach((handler) => handler()));
  stopCatchingUp = onCatchUp((since) => {
    if (created.connected) created.emit('catch-up', since);
  });
  created.on('connect_error', () => {
    // An active socket retries by itself (network trouble); an inactive one was refused by the server,
    // most likely for an expired token: renew it once and connect again.
    if (created.active) return;
    renewOnce(created);
  });
  created.on('disconnect', (reason) => {
    pageHorizon.left();
    setLive(false);
    // The server closes a session's connections when the session ends (sign-out elsewhere, a new
    // password, a deleted account). The socket does not reconnect by itself then: one renewal tells
    // whether the session still holds (the token change reconnects it) or the user is signed out.
    if (reason === 'io server disconnect') renewOnce(created);
  });

  stopWatchingTokens = onTokensChange((tokens) => {
    if (!tokens) {
      disconnectSocket();
    } else if (socket === created && !created.connected && !created.active) {
      // A socket refused for its old token connects with the new one. A connected socket stays connected:
      // the server checks the token when a socket connects and closes it when its session ends, and a
      // reconnect at every renewal would drop pushes and make every read refresh.
      created.connect();
    }
  });
}

function renewOnce(created: Socket<ServerToClientEvents, ClientToServerEvents>): void {
  if (refreshAttempts > 0) return;
  refreshAttempts += 1;
  refreshTokens().then(
    () => {
      if (socket === created && !created.connected) created.connect();
    },
    (error: unknown) => {
      // Refused by the server: the session is over (the refusal has already closed this socket). No
      // answer (the network): the socket's own retries go on.
      if (!(error instanceof ApiError && error.status === 0)) expireSession();
    },
  );
}

export function disconnectSocket(): void {
  stopWatchingTokens?.();
  stopWatchingTokens = null;
  stopCatchingUp?.();
  stopCatchingUp = null;
  pageHorizon.left();
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  refreshAttempts = 0;
  setLive(null);
}

/** Subscribes to every domain event pushed by the server; returns the unsubscribe function. */
export function onDomainEvent(handler: DomainEventHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** Called each time the connection comes back after a drop: pushes sent meanwhile were lost. */
export function onReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => reconnectHandlers.delete(handler);
}
