import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { RedisProcess, REDIS_SERVER_BINARY } from '../support/redis-process.js';
import { bearer, eventually, PHONES, REDIS_URL, startTestApp, type TestApp } from '../support/test-app.js';

const describeWithRedis = REDIS_URL && REDIS_SERVER_BINARY ? describe : describe.skip;
if (!REDIS_URL || !REDIS_SERVER_BINARY) {
  console.warn(
    'SKIPPED redis.test.ts: set REDIS_URL and install redis-server to run the BullMQ, Redis adapter and outage tests.',
  );
}

async function register(t: TestApp, phoneNumber: string): Promise<void> {
  await t.app.get(SeedService).registerUser(
    {
      role: 'customer',
      phoneNumber,
      firstName: 'Out',
      lastName: 'Age',
      email: `${phoneNumber}@example.com`,
    },
    'Before#outage1',
  );
}

describeWithRedis('on Redis (BullMQ jobs, Socket.IO Redis adapter)', () => {
  it('delivers every text message sent while Redis was down, once Redis is back', async () => {
    const redis = await RedisProcess.start();
    const t = await startTestApp({ env: { REDIS_URL: redis.url } });
    try {
      expect(t.config.redisUrl).toBe(redis.url);
      const phones = ['14165550301', '14165550302', '14165550303'];
      for (const phone of phones) await register(t, phone);

      await redis.down();
      for (const phone of phones) {
        const answer = await t.http().post('/auth/api/v3/auth/reset_password/').send({ phone_number: phone });
        expect(answer.status).toBe(200); // commands need only PostgreSQL
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(t.outbox.delivered.filter((d) => phones.includes(d.to.slice(1)))).toEqual([]);

      await redis.up();
      await eventually(() => {
        const delivered = t.outbox.delivered.filter((d) => phones.includes(d.to.slice(1))).map((d) => d.to);
        expect(delivered.sort()).toEqual(phones.map((p) => `+${p}`));
      }, 20000);
      await eventually(async () => {
        const recorded = await t.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM events WHERE type = 'sms.sent'`);
        expect(recorded[0].n).toBe(3);
      });
    } finally {
      await t.close();
      await redis.down();
    }
  }, 60000);

  describe('two instances on one database and one Redis', () => {
    let first: TestApp;
    let second: TestApp;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      const prefix = `test-pair-${Date.now()}`;
      // The first instance takes no jobs, like a web node whose worker is down.
      first = await startTestApp({ env: { REDIS_URL, REDIS_PREFIX: prefix, RUN_WORKERS: 'false' } });
      second = await startTestApp({
        env: { REDIS_URL, REDIS_PREFIX: prefix },
        databaseUrl: first.databaseUrl,
        seed: false,
      });
    });

    afterAll(async () => {
      sockets.forEach((s) => s.disconnect());
      await second.close();
      await first.close();
    });

    it('pushes a change made through one instance to a socket on the other', async () => {
      const tokens = await first.login(PHONES.customer);
      const socket = io(second.url, {
        auth: { token: tokens.access },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      const pushes: { type: string }[] = [];
      socket.on('domain-event', (push: { type: string }) => pushes.push(push));
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      await first
        .http()
        .patch('/auth/api/v3/users/me/')
        .set(bearer(tokens.access))
        .send({ password: 'Second#instance1' });
      await eventually(() => expect(pushes.map((p) => p.type)).toContain('user.password_changed'), 3000);
    });

    it('has the job enqueued by one instance delivered by the other, exactly once', async () => {
      await register(first, '14165550311');
      await first.http().post('/auth/api/v3/auth/reset_password/').send({ phone_number: '14165550311' });
      await eventually(
        () => expect(second.outbox.delivered.filter((d) => d.to === '+14165550311')).toHaveLength(1),
        10000,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(first.outbox.delivered.filter((d) => d.to === '+14165550311')).toHaveLength(0);
      expect(second.outbox.delivered.filter((d) => d.to === '+14165550311')).toHaveLength(1);
    });
  });
});
