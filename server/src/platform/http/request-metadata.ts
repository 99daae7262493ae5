import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import type { EventMetadata } from '../event-store/event.types.js';
import type { HttpRequest } from './http-types.js';

/**
 * The metadata every event of a request carries: who acted, in which role, through which request. The request
 * id is the one the request log gave it (see `requestIdFrom`), never the caller's header as sent.
 */
export const RequestMetadata = createParamDecorator(
  (_: unknown, context: ExecutionContext): EventMetadata => {
    const request = context.switchToHttp().getRequest<HttpRequest & { caller?: Caller }>();
    const id = (request.raw as { id?: unknown }).id;
    return {
      actorId: request.caller?.id ?? null,
      actorRole: request.caller?.role ?? null,
      requestId: typeof id === 'string' ? id : null,
    };
  },
);

export const API = {
  auth: 'auth/api/v3',
  core: 'core/api/v3',
  events: 'events/api/v3',
} as const;
