import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Worker } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { JOB_QUEUE } from '../../server/src/platform/queue/job-queue.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { deliveredTo, refuseDeliveries } from '../support/carrier.js';
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

  it('stops while Redis is down instead of waiting for it for ever', async () => {
    const redis = await RedisProcess.start();
    const t = await startTestApp({ env: { REDIS_URL: redis.url } });
    await redis.down();
    // Every Redis connection is now between two tries to reconnect.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.close();
  }, 30000);

  describe('a carrier that fails', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Short retries, so a window of minutes plays out in seconds.
      t = await startTestApp({
        env: {
          REDIS_URL,
          JOB_RETRY_BASE_MS: '100',
          JOB_RETRY_MAX_DELAY_MS: '500',
          JOB_RETRY_WINDOW_MS: '8000',
        },
      });
    });
    afterAll(() => t.close());

    const sentCount = async (to: string) =>
      (
        await t.app
          .get(DataSource)
          .query(
            `SELECT count(*)::int AS n FROM events WHERE type = 'sms.sent' AND data->>'recipient' = $1`,
            [to],
          )
      )[0].n as number;

    it('delivers later messages while one recipient keeps failing, and records that one as sms.failed', async () => {
      const unreachable = '14165550321';
      const others = ['14165550322', '14165550323'];
      for (const phone of [unreachable, ...others]) await register(t, phone);
      const carrier = refuseDeliveries(t.outbox, (d) => d.to === `+${unreachable}`);
      try {
        for (const phone of [unreachable, ...others])
          await t.http().post('/auth/api/v3/auth/reset_password/').send({ phone_number: phone });
        await eventually(() => {
          for (const phone of others) expect(deliveredTo(t.outbox, `+${phone}`)).toHaveLength(1);
        }, 15000);
        await eventually(async () => {
          const failed = await t.app
            .get(DataSource)
            .query(`SELECT data FROM events WHERE type = 'sms.failed' AND data->>'recipient' = $1`, [
              `+${unreachable}`,
            ]);
          expect(failed).toHaveLength(1);
          expect(failed[0].data.reason).toContain('carrier refused');
        }, 30000);
        expect(carrier.refused()).toBeGreaterThan(1);
      } finally {
        carrier.restore();
      }
    }, 60000);

    it('delivers every message once after an outage longer than quick retries would cover', async () => {
      const phones = ['14165550331', '14165550332', '14165550333', '14165550334', '14165550335'];
      for (const phone of phones) await register(t, phone);
      // Refuses every one of them more than six times (all the tries BullMQ used to make), then takes them.
      const outage = refuseDeliveries(t.outbox, (d) => phones.includes(d.to.slice(1)));
      try {
        for (const phone of phones)
          await t.http().post('/auth/api/v3/auth/reset_password/').send({ phone_number: phone });
        await eventually(() => expect(outage.refused()).toBeGreaterThanOrEqual(phones.length * 8), 15000);
      } finally {
        outage.restore();
      }
      await eventually(async () => {
        for (const phone of phones) expect(await sentCount(`+${phone}`)).toBe(1);
      }, 20000);
      for (const phone of phones) expect(deliveredTo(t.outbox, `+${phone}`)).toHaveLength(1);
    }, 60000);
  });

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

    it('answers a command re-sent to the other instance under its Idempotency-Key without applying it again', async () => {
      const { access } = await first.login(PHONES.broker);
      const db = first.app.get(DataSource);
      const emma = (
        await db.query('SELECT customer_id FROM users WHERE phone_number = $1', [PHONES.customer])
      )[0].customer_id;
      const send = (t: TestApp) =>
        t
          .http()
          .post(`/core/api/v3/customers/${emma}/notes/`)
          .set(bearer(access))
          .set('Idempotency-Key', 'across-instances')
          .field('text', 'Sent once, answered twice');
      const a = await send(first);
      const b = await send(second);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body).toEqual(a.body);
      const notes = await db.query('SELECT id FROM notes WHERE text = $1', ['Sent once, answered twice']);
      expect(notes).toHaveLength(1);
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

  it('has a job whose worker died taken up by another worker within seconds, and sent once', async () => {
    const prefix = `test-crash-${Date.now()}`;
    const phone = '14165550341';
    const dying = await startTestApp({ env: { REDIS_URL, REDIS_PREFIX: prefix } });
    let survivor: TestApp | null = null;
    // The dying instance takes the message and never finishes sending it.
    let taken: () => void = () => undefined;
    const takenByDying = new Promise<void>((resolve) => (taken = resolve));
    let abandon: (error: Error) => void = () => undefined;
    dying.outbox.send = (delivery) => {
      if (delivery.to !== `+${phone}`) return Promise.resolve();
      taken();
      return new Promise((_resolve, reject) => (abandon = reject));
    };
    try {
      await register(dying, phone);
      await dying.http().post('/auth/api/v3/auth/reset_password/').send({ phone_number: phone });
      await takenByDying;
      // It dies: its workers stop renewing their job locks at once, as after kill -9.
      const queue = dying.app.get<{ workers: Worker[] }>(JOB_QUEUE);
      await Promise.all(queue.workers.map((worker) => worker.close(true)));

      survivor = await startTestApp({
        env: { REDIS_URL, REDIS_PREFIX: prefix },
        databaseUrl: dying.databaseUrl,
        seed: false,
      });
      const other = survivor;
      await eventually(() => expect(deliveredTo(other.outbox, `+${phone}`)).toHaveLength(1), 40000);
      await eventually(async () => {
        const sent = await other.app
          .get(DataSource)
          .query(
            `SELECT count(*)::int AS n FROM events WHERE type = 'sms.sent' AND data->>'recipient' = $1`,
            [`+${phone}`],
          );
        expect(sent[0].n).toBe(1);
      });
    } finally {
      abandon(new Error('the instance died'));
      await survivor?.close();
      await dying.close();
    }
  }, 90000);
});
