import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from './app-error.js';

export type RateLimitPolicy = 'sign_in' | 'password_reset';

const RATE_LIMIT = 'http:rate-limit';

/** Limits a route per IP address (trying many accounts) and per phone number (guessing one account). */
export const RateLimited = (policy: RateLimitPolicy): MethodDecorator => SetMetadata(RATE_LIMIT, policy);

interface Limits {
  perIp: number;
  perPhone: number;
  durationSeconds: number;
}

function limitsFor(policy: RateLimitPolicy, config: AppConfig): Limits {
  // Resets send a text message, so they are held to fewer per phone than sign-in attempts.
  return policy === 'sign_in'
    ? { perIp: config.rateLimit.perIp, perPhone: config.rateLimit.perPhone, durationSeconds: 60 }
    : {
        perIp: config.rateLimit.perIp,
        perPhone: Math.min(3, config.rateLimit.perPhone),
        durationSeconds: 600,
      };
}

@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly redis: Redis | null;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.redis = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false }) : null;
    this.redis?.on('error', () => undefined);
  }

  private limiter(name: string, points: number, duration: number): RateLimiterAbstract {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.config.redisPrefix}:rate:${name}`,
        points,
        duration,
        blockDuration: duration,
      };
      // Shared counters across instances when Redis is there; this instance's memory if Redis is briefly away.
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT, context.getHandler());
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const limits = limitsFor(policy, this.config);
    const phone = typeof request.body?.phone_number === 'string' ? request.body.phone_number : 'none';
    try {
      await this.limiter(`${policy}:ip`, limits.perIp, limits.durationSeconds).consume(
        request.ip ?? 'unknown',
      );
      await this.limiter(`${policy}:phone`, limits.perPhone, limits.durationSeconds).consume(phone);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
      throw new AppError(
        429,
        'throttled',
        `Too many attempts. Please wait ${seconds} seconds and try again.`,
      );
    }
    return true;
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
