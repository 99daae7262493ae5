import { describe, expect, it } from '@jest/globals';
import { Clock } from '../clock.js';
import type { AppConfig } from '../config/app-config.js';
import { SharedRedis } from '../redis/shared-redis.js';
import { IDEMPOTENCY_KEY_MS, IdempotencyKeys } from './idempotency-keys.js';

class StoppedClock extends Clock {
  at = new Date('2026-11-29T12:00:00Z');
  override now(): Date {
    return this.at;
  }
}

function keysInMemory() {
  const clock = new StoppedClock();
  const config = { redisUrl: null, redisPrefix: 'test' } as AppConfig;
  return { clock, keys: new IdempotencyKeys(config, clock, new SharedRedis(config)) };
}

describe('the idempotency keys of one process', () => {
  it('lets the first request run, holds the next while it runs, then answers it what the first answered', async () => {
    const { keys } = keysInMemory();
    expect(await keys.claim('k')).toEqual({ kind: 'first' });
    expect(await keys.claim('k')).toEqual({ kind: 'running' });
    const answer = { status: 201, type: 'application/json', body: '{"data":{"id":"n1"}}' };
    await keys.keep('k', answer);
    expect(await keys.claim('k')).toEqual({ kind: 'answered', answer });
  });

  it('lets a request run afresh once the first failed', async () => {
    const { keys } = keysInMemory();
    await keys.claim('k');
    await keys.release('k');
    expect(await keys.claim('k')).toEqual({ kind: 'first' });
  });

  it('forgets an answer, and a claim left behind, when the key lapses', async () => {
    const { clock, keys } = keysInMemory();
    await keys.claim('answered');
    await keys.keep('answered', { status: 200, type: 'application/json', body: '{}' });
    await keys.claim('abandoned');
    clock.at = new Date(clock.at.getTime() + IDEMPOTENCY_KEY_MS + 1);
    expect(await keys.claim('answered')).toEqual({ kind: 'first' });
    expect(await keys.claim('abandoned')).toEqual({ kind: 'first' });
  });
});
