import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { TokenService } from '../auth/token.service.js';
import type { Caller } from '../auth/auth.decorators.js';
import { AppError } from './app-error.js';
import type { HttpRequest, HttpResponse } from './http-types.js';
import { type Limit, RateLimiters, type RateLimitPolicy } from './rate-limiters.js';

const RATE_LIMIT = 'http:rate-limit';

export const RateLimited = (policy: RateLimitPolicy): MethodDecorator => SetMetadata(RATE_LIMIT, policy);

/** A wait as people say it: 'a minute' up to a minute, then whole minutes ('15 minutes'), rounded up. */
export function waitInWords(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

const SIGN_IN_FAILED = 401;
const SIGNED_IN = 200;
/** A signed-in caller's wrong code (turning the second factor off, new recovery codes) is a field problem. */
const CODE_REFUSED = 400;

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly counters: RateLimiters,
    private readonly tokens: TokenService,
  ) {}

  private limiter(limit: Limit): RateLimiterAbstract {
    return this.counters.limiter(limit);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT, context.getHandler());
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<HttpRequest & { body?: Record<string, unknown> }>();
    const response = context.switchToHttp().getResponse<HttpResponse>();
    const ip = request.ip ?? 'unknown';
    const phone = typeof request.body?.phone_number === 'string' ? request.body.phone_number : 'none';
    try {
      if (policy === 'password_reset') {
        await this.limiter(this.counters.limits.password_reset.perIp).consume(ip);
        await this.limiter(this.counters.limits.password_reset.perPhone).consume(phone);
      } else if (policy === 'second_factor') {
        const { perIp, failuresPerUser, failuresPerUserDaily } = this.counters.limits.second_factor;
        await this.limiter(perIp).consume(ip);
        // At sign-in the challenge names the user; signed in, the codes are the caller's own.
        const challenged = this.challengedUser(request.body?.challenge);
        const user = challenged ?? (request as HttpRequest & { caller?: Caller }).caller?.id ?? null;
        const refused = challenged ? SIGN_IN_FAILED : CODE_REFUSED;
        if (user) {
          await this.hold([
            [failuresPerUser, user],
            [failuresPerUserDaily, user],
          ]);
          response.raw.once('finish', () => void this.settleCode(response.raw.statusCode, refused, user));
        }
      } else {
        const { perIp, failuresPerPhoneAndIp, failuresPerPhone } = this.counters.limits.sign_in;
        await this.limiter(perIp).consume(ip);
        await this.hold([
          [failuresPerPhoneAndIp, `${phone}:${ip}`],
          [failuresPerPhone, phone],
        ]);
        response.raw.once('finish', () => void this.settleSignIn(response.raw.statusCode, phone, ip));
      }
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      response.header('Retry-After', String(seconds));
      throw new AppError(
        429,
        'throttled',
        `Too many attempts. Please wait ${waitInWords(seconds)} and try again.`,
      );
    }
    return true;
  }

  /**
   * Each attempt holds a failure's place in its counters until its answer is known, so attempts sent at
   * once cannot outrun the count: the attempt past the limit is refused before it is checked. A refused
   * hold gives back the places already taken for this attempt.
   */
  private async hold(counters: [Limit, string][]): Promise<void> {
    const held: [Limit, string][] = [];
    try {
      for (const [limit, key] of counters) {
        await this.limiter(limit).consume(key);
        held.push([limit, key]);
      }
    } catch (refusal) {
      await this.giveBack(held);
      throw refusal;
    }
  }

  private async giveBack(held: [Limit, string][]): Promise<void> {
    await Promise.all(held.map(([limit, key]) => this.limiter(limit).reward(key, 1)));
  }

  /** A wrong password keeps its places; a sign-in clears this address's mistakes; anything else gives back. */
  private async settleSignIn(status: number, phone: string, ip: string): Promise<void> {
    const { failuresPerPhoneAndIp, failuresPerPhone } = this.counters.limits.sign_in;
    try {
      if (status === SIGN_IN_FAILED) return;
      if (status === SIGNED_IN) {
        await this.limiter(failuresPerPhoneAndIp).delete(`${phone}:${ip}`);
        await this.giveBack([[failuresPerPhone, phone]]);
      } else
        await this.giveBack([
          [failuresPerPhoneAndIp, `${phone}:${ip}`],
          [failuresPerPhone, phone],
        ]);
    } catch {
      // A counter that could not be written is not worth failing a request that has already been answered.
    }
  }

  /** The user a challenge was signed for; an expired or forged one counts against nobody's codes. */
  private challengedUser(challenge: unknown): string | null {
    try {
      return typeof challenge === 'string' ? this.tokens.verifyChallenge(challenge).sub : null;
    } catch {
      return null;
    }
  }

  /**
   * Wrong codes add up until a right one, like sign-in failures; the daily count keeps every wrong code, a
   * right one only gives back its own place.
   */
  private async settleCode(status: number, refused: number, user: string): Promise<void> {
    const { failuresPerUser, failuresPerUserDaily } = this.counters.limits.second_factor;
    try {
      if (status === refused) return;
      if (status === SIGNED_IN) {
        await this.limiter(failuresPerUser).delete(user);
        await this.giveBack([[failuresPerUserDaily, user]]);
      } else
        await this.giveBack([
          [failuresPerUser, user],
          [failuresPerUserDaily, user],
        ]);
    } catch {
      // As for sign-in failures: the answer is already sent.
    }
  }
}
