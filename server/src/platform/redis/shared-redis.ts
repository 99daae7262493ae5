import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * The process's one connection to Redis for short shared state (rate-limit counters, idempotency keys),
 * or none when Redis is not configured. A command is not queued while Redis is away: its caller falls back
 * at once (the limiters to this process's memory, the keys to running the request) instead of waiting.
 * BullMQ and the Socket.IO adapter keep connections of their own, which block or subscribe.
 */
@Injectable()
export class SharedRedis implements OnApplicationShutdown {
  readonly connection: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.connection = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false }) : null;
    this.connection?.on('error', () => undefined);
  }

  onApplicationShutdown(): void {
    this.connection?.disconnect();
  }
}
