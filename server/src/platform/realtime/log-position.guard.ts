import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { HttpResponse } from '../http/http-types.js';
import { LOG_POSITION_HEADER } from '../../../../machines/domain-event-push.js';
import type { Caller } from '../auth/auth.decorators.js';
import { RealtimeHorizon } from './realtime.horizon.js';

/**
 * Tells signed-in callers how far the log had been pushed when their answer was read (read before the
 * handler, so the answer reflects at least that much). Anonymous callers are not told how busy the log is.
 *
 * It admits every request: a guard runs after the sign-in's guard and before the handler, which is all this
 * needs, and costs nothing more. An interceptor would wrap every request in observables, a twentieth of the
 * server's work on a light answer.
 */
@Injectable()
export class LogPositionGuard implements CanActivate {
  constructor(private readonly horizon: RealtimeHorizon) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      if (http.getRequest<{ caller?: Caller }>().caller)
        http.getResponse<HttpResponse>().header(LOG_POSITION_HEADER, String(this.horizon.position()));
    }
    return true;
  }
}
