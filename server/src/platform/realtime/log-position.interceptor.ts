import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { LOG_POSITION_HEADER } from '../../../../machines/domain-event-push.js';
import type { Caller } from '../auth/auth.decorators.js';
import { RealtimeHorizon } from './realtime.horizon.js';

/**
 * Tells signed-in callers how far the log had been pushed when their answer was read (read before the
 * handler, so the answer reflects at least that much). Anonymous callers are not told how busy the log is.
 */
@Injectable()
export class LogPositionInterceptor implements NestInterceptor {
  constructor(private readonly horizon: RealtimeHorizon) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      if (http.getRequest<{ caller?: Caller }>().caller)
        http.getResponse<Response>().setHeader(LOG_POSITION_HEADER, String(this.horizon.position()));
    }
    return next.handle();
  }
}
