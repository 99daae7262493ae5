import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/** Rate-limit counters in Redis, so every instance counts the same attempts. */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    name: string,
  ): Promise<ThrottlerStorageRecord> {
    const hitKey = `throttle:${name}:${key}`;
    const blockKey = `${hitKey}:blocked`;
    const blockedFor = await this.redis.pttl(blockKey);
    if (blockedFor > 0) {
      const seconds = Math.ceil(blockedFor / 1000);
      return { totalHits: limit + 1, timeToExpire: seconds, isBlocked: true, timeToBlockExpire: seconds };
    }
    const results = await this.redis.multi().incr(hitKey).pttl(hitKey).exec();
    const hits = Number(results?.[0]?.[1] ?? 1);
    let expiresIn = Number(results?.[1]?.[1] ?? -1);
    if (expiresIn < 0) {
      await this.redis.pexpire(hitKey, ttl);
      expiresIn = ttl;
    }
    if (hits > limit) {
      await this.redis.set(blockKey, '1', 'PX', blockDuration);
      const seconds = Math.ceil(blockDuration / 1000);
      return {
        totalHits: hits,
        timeToExpire: Math.ceil(expiresIn / 1000),
        isBlocked: true,
        timeToBlockExpire: seconds,
      };
    }
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(expiresIn / 1000),
      isBlocked: false,
      timeToBlockExpire: 0,
    };
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
