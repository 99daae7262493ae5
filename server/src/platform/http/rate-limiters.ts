import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SharedRedis } from '../redis/shared-redis.js';

export type RateLimitPolicy = 'sign_in' | 'second_factor' | 'password_reset';

export interface Limit {
  name: string;
  points: number;
  durationSeconds: number;
  blockSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit in one place.
 * - Any call, per IP address: one address trying many accounts.
 * - Sign-in failures in a row per phone and IP: one address guessing one account. A success clears it, so
 *   the owner's typos never add up, and a stranger's failures never block the owner on another address.
 * - Sign-in failures per phone from every address: a guess spread over many addresses, with a ceiling
 *   high enough that one stranger cannot reach it.
 * - Wrong second-factor codes per user: a stranger who has the password guessing the code. Far fewer than
 *   for passwords, and a daily ceiling too: a code has 6 digits and three are valid at a time.
 * - Password resets per phone: each one sends a text message.
 */
function limitsFor(config: AppConfig) {
  const perIp = (policy: RateLimitPolicy): Limit => ({
    name: `${policy}:ip`,
    points: config.rateLimit.perIp,
    durationSeconds: MINUTE,
    blockSeconds: MINUTE,
  });
  return {
    sign_in: {
      perIp: perIp('sign_in'),
      failuresPerPhoneAndIp: {
        name: 'sign_in:phone_ip_failures',
        points: config.rateLimit.perPhone,
        durationSeconds: 15 * MINUTE,
        blockSeconds: 15 * MINUTE,
      },
      failuresPerPhone: {
        name: 'sign_in:phone_failures',
        points: config.rateLimit.perPhone * 10,
        durationSeconds: HOUR,
        blockSeconds: HOUR,
      },
    },
    second_factor: {
      perIp: perIp('second_factor'),
      failuresPerUser: {
        name: 'second_factor:user_failures',
        points: Math.min(5, config.rateLimit.perPhone),
        durationSeconds: 15 * MINUTE,
        blockSeconds: 15 * MINUTE,
      },
      failuresPerUserDaily: {
        name: 'second_factor:user_failures_daily',
        points: Math.min(20, config.rateLimit.perPhone * 4),
        durationSeconds: 24 * HOUR,
        blockSeconds: 24 * HOUR,
      },
    },
    password_reset: {
      perIp: perIp('password_reset'),
      perPhone: {
        name: 'password_reset:phone',
        points: Math.min(3, config.rateLimit.perPhone),
        durationSeconds: 10 * MINUTE,
        blockSeconds: 10 * MINUTE,
      },
    },
  };
}

export type Limits = ReturnType<typeof limitsFor>;

/**
 * The counters of every limit, one set per process (in Redis when configured, so shared by every instance):
 * the guard counts attempts in them, and a principal broker's reset of a member's second factor forgives
 * the member's wrong codes, wherever the guard that counted them runs.
 */
@Injectable()
export class RateLimiters {
  readonly limits: Limits;
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly redis: Redis | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    shared: SharedRedis,
  ) {
    this.redis = shared.connection;
    this.limits = limitsFor(config);
  }

  limiter(limit: Limit): RateLimiterAbstract {
    let limiter = this.limiters.get(limit.name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.config.redisPrefix}:rate:${limit.name}`,
        points: limit.points,
        duration: limit.durationSeconds,
        blockDuration: limit.blockSeconds,
      };
      // Shared counters across instances when Redis is there; this instance's memory if Redis is briefly away.
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(limit.name, limiter);
    }
    return limiter;
  }

  /** A member whose second factor was reset starts afresh: the wrong codes of the lost one no longer block. */
  async forgiveSecondFactor(userId: string): Promise<void> {
    const { failuresPerUser, failuresPerUserDaily } = this.limits.second_factor;
    await Promise.all([
      this.limiter(failuresPerUser).delete(userId),
      this.limiter(failuresPerUserDaily).delete(userId),
    ]);
  }
}
