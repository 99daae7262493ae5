import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Clock } from '../clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SharedRedis } from '../redis/shared-redis.js';

/** A command's answer as it was sent, kept so that a repeat of the request gets it again instead of running twice. */
export interface KeptAnswer {
  status: number;
  /** Its Content-Type. */
  type: string;
  body: string;
}

/** What a request finds under its key: nothing yet (it runs), the first one still running, or its answer. */
export type Claim = { kind: 'first' } | { kind: 'running' } | { kind: 'answered'; answer: KeptAnswer };

/**
 * How long a key holds: a browser re-sends a request whose connection broke at once, and an upload on a
 * slow line may run for minutes. A claim left by an instance that stopped mid-way lapses with it.
 */
export const IDEMPOTENCY_KEY_MS = 10 * 60_000;

const RUNNING = 'running';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * The idempotency keys of commands under way or answered, one store per process (in Redis when configured, so
 * a repeat sent to another instance is recognised). Keys are opaque here: the guard makes them.
 */
@Injectable()
export class IdempotencyKeys {
  private readonly redis: Redis | null;
  private readonly prefix: string;
  /** In insertion order, so expired entries are found at the front. */
  private readonly memory = new Map<string, Entry>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
    shared: SharedRedis,
  ) {
    this.redis = shared.connection;
    this.prefix = `${config.redisPrefix}:idempotency:`;
  }

  /** Claims the key for a request about to run, or says what holds it. */
  async claim(key: string): Promise<Claim> {
    const held = await this.setIfAbsent(key, RUNNING);
    if (held === null) return { kind: 'first' };
    if (held === RUNNING) return { kind: 'running' };
    return { kind: 'answered', answer: JSON.parse(held) as KeptAnswer };
  }

  /** The request ran and answered: a repeat gets this answer until the key lapses. */
  async keep(key: string, answer: KeptAnswer): Promise<void> {
    const value = JSON.stringify(answer);
    if (this.redis) await this.redis.set(this.prefix + key, value, 'PX', IDEMPOTENCY_KEY_MS);
    else this.remember(key, value);
  }

  /** The request failed, and wrote nothing: a repeat runs afresh. */
  async release(key: string): Promise<void> {
    if (this.redis) await this.redis.del(this.prefix + key);
    else this.memory.delete(key);
  }

  /** Sets the value if the key is free; otherwise answers what it holds. */
  private async setIfAbsent(key: string, value: string): Promise<string | null> {
    if (this.redis) {
      const name = this.prefix + key;
      // SET NX answers nothing of what it found; GET after it may find the key lapsed meanwhile: try again.
      for (;;) {
        if ((await this.redis.set(name, value, 'PX', IDEMPOTENCY_KEY_MS, 'NX')) === 'OK') return null;
        const held = await this.redis.get(name);
        if (held !== null) return held;
      }
    }
    this.forgetLapsed();
    const held = this.memory.get(key);
    if (held) return held.value;
    this.remember(key, value);
    return null;
  }

  private remember(key: string, value: string): void {
    this.memory.delete(key);
    this.memory.set(key, { value, expiresAt: this.clock.now().getTime() + IDEMPOTENCY_KEY_MS });
  }

  private forgetLapsed(): void {
    const now = this.clock.now().getTime();
    for (const [key, entry] of this.memory) {
      if (entry.expiresAt > now) break;
      this.memory.delete(key);
    }
  }
}
