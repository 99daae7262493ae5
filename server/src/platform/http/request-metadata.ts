import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Caller } from '../auth/auth.decorators.js';
import type { EventMetadata } from '../event-store/event.types.js';

/**
 * The metadata every event of a request carries: who acted, in which role, through which request. The request
 * id is the one the request log gave it (see `requestIdFrom`), never the caller's header as sent.
 */
export const RequestMetadata = createParamDecorator(
  (_: unknown, context: ExecutionContext): EventMetadata => {
    const request = context.switchToHttp().getRequest<Request & { caller?: Caller; id?: unknown }>();
    return {
      actorId: request.caller?.id ?? null,
      actorRole: request.caller?.role ?? null,
      requestId: typeof request.id === 'string' ? request.id : null,
    };
  },
);

export const API = {
  auth: 'auth/api/v3',
  core: 'core/api/v3',
  events: 'events/api/v3',
} as const;
