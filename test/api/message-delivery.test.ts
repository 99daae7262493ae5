import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { withApp } from '../../server/src/cli/app-context.js';
import { OutboxTransport } from '../../server/src/notifications/transports.js';
import { loadConfig } from '../../server/src/platform/config/app-config.js';
import { EventProcessorRunner } from '../../server/src/platform/event-store/event-processor.js';
import { EventStore } from '../../server/src/platform/event-store/event-store.js';
import { ProjectionRebuilder } from '../../server/src/platform/event-store/projection.rebuilder.js';
import { registerCustomer, RESET_PATH } from '../support/accounts.js';
import { deliveredTo, refuseDeliveries } from '../support/carrier.js';
import { createTestDatabase } from '../support/test-database.js';
import { bearer, eventually, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

// Short retries, so a window of minutes plays out in seconds.
const QUICK_RETRIES = {
  JOB_RETRY_BASE_MS: '100',
  JOB_RETRY_MAX_DELAY_MS: '300',
  JOB_RETRY_WINDOW_MS: '3000',
};

async function recorded(t: TestApp, type: string, to: string): Promise<{ text: string; reason?: string }[]> {
  const rows: { data: { text: string; reason?: string } }[] = await t.app
    .get(DataSource)
    .query(`SELECT data FROM events WHERE type = $1 AND data->>'recipient' = $2`, [type, to]);
  return rows.map((row) => row.data);
}

describe('text messages with jobs in process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: QUICK_RETRIES });
  });
  afterAll(() => t.close());

  it('delivers later messages while one recipient keeps failing, and records that one as sms.failed in the event log', async () => {
    const unreachable = '14165550401';
    const others = ['14165550402', '14165550403'];
    const userId = await registerCustomer(t, unreachable, 'Before#reset1');
    for (const phone of others) await registerCustomer(t, phone, 'Before#reset1');
    const carrier = refuseDeliveries(t.outbox, (d) => d.to === `+${unreachable}`);
    try {
      for (const phone of [unreachable, ...others])
        expect((await t.http().post(RESET_PATH).send({ phone_number: phone })).status).toBe(200);

      await eventually(() => {
        for (const phone of others) expect(deliveredTo(t.outbox, `+${phone}`)).toHaveLength(1);
      }, 15000);
      expect(carrier.refused()).toBeGreaterThan(0);

      const [failed] = await eventually(async () => {
        const found = await recorded(t, 'sms.failed', `+${unreachable}`);
        expect(found).toHaveLength(1);
        return found;
      }, 20000);
      expect(failed.reason).toContain('carrier refused');
      expect(failed.text).toContain('********');
      expect(deliveredTo(t.outbox, `+${unreachable}`)).toEqual([]);

      const { access } = await t.login(PHONES.principalBroker);
      const log = await t
        .http()
        .get(`/events/api/v3/events/?rel_type=User&rel_id=${userId}&offset=0&limit=100`)
        .set(bearer(access));
      expect(log.body.data).toContainEqual(
        expect.objectContaining({
          type: 'sms.failed',
          context: expect.objectContaining({ recipient: `+${unreachable}`, reason: failed.reason }),
        }),
      );
    } finally {
      carrier.restore();
    }
  }, 60000);

  it('does not send again a message that was delivered but whose record was lost', async () => {
    const phone = '14165550404';
    await registerCustomer(t, phone, 'Before#reset1');
    const store = t.app.get(EventStore);
    const handle = store.handle.bind(store);
    let lost = 0;
    // The first record of the message fails, as if the process died right after the carrier took it.
    store.handle = (async (...args: Parameters<typeof handle>) => {
      if (args[1].type === 'message' && lost === 0) {
        lost++;
        throw new Error('connection lost before sms.sent was recorded');
      }
      return handle(...args);
    }) as typeof store.handle;
    try {
      await t.http().post(RESET_PATH).send({ phone_number: phone });
      await eventually(async () => expect(await recorded(t, 'sms.sent', `+${phone}`)).toHaveLength(1), 15000);
    } finally {
      store.handle = handle;
    }
    expect(lost).toBe(1);
    expect(deliveredTo(t.outbox, `+${phone}`)).toHaveLength(1);
    const file = join(t.config.dataDir, 'outbox', 'messages.jsonl');
    const lines = () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes(`+${phone}`));
    expect(lines()).toHaveLength(1);

    // A restarted carrier still knows the message id.
    const again = new OutboxTransport(file);
    await again.send({ ...deliveredTo(t.outbox, `+${phone}`)[0] });
    expect(lines()).toHaveLength(1);
  }, 30000);

  it('still sends texts and pushes while a transaction stays open in another database of the server', async () => {
    const scratch = await createTestDatabase();
    const idle = new pg.Client({ connectionString: scratch.url });
    await idle.connect();
    let socket: Socket | null = null;
    try {
      await idle.query('BEGIN');
      await idle.query('SELECT txid_current()');

      const phone = '14165550405';
      await registerCustomer(t, phone, 'Before#reset1');
      await t.http().post(RESET_PATH).send({ phone_number: phone });
      await eventually(() => expect(deliveredTo(t.outbox, `+${phone}`)).toHaveLength(1), 10000);

      const tokens = await t.login(PHONES.customer);
      const pushes: string[] = [];
      socket = io(t.url, { auth: { token: tokens.access }, transports: ['websocket'], reconnection: false });
      socket.on('domain-event', (push: { type: string }) => pushes.push(push.type));
      await new Promise<void>((resolve, reject) => {
        socket!.on('connect', () => resolve());
        socket!.on('connect_error', reject);
      });
      await t
        .http()
        .patch('/auth/api/v3/users/me/')
        .set(bearer(tokens.access))
        .send({ password: 'While#idle2026' });
      await eventually(() => expect(pushes).toContain('user.password_changed'), 10000);
    } finally {
      socket?.disconnect();
      await idle.query('ROLLBACK');
      await idle.end();
      await scratch.drop();
    }
  }, 30000);

  it('shows on /health how far each processor is behind the log', async () => {
    await t.app.get(EventProcessorRunner).measureLag();
    const health = await t.http().get('/health');
    expect(health.status).toBe(200);
    expect(health.body.processors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'notifications', behind: expect.any(Number) }),
        expect.objectContaining({ name: 'realtime', oldestUnhandledSeconds: expect.any(Number) }),
      ]),
    );
  });
});

describe('command-line tools', () => {
  it('rebuild the read tables without sending anything; the application sends it later', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'homeward-tool-'));
    try {
      // An application that is not following the log leaves a reset's text unsent.
      const quiet = await startTestApp({ databaseUrl: database.url, env: { RUN_PROCESSORS: 'false' } });
      await registerCustomer(quiet, '14165550406', 'Before#reset1');
      await quiet.http().post(RESET_PATH).send({ phone_number: '14165550406' });
      await quiet.close();

      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
        APP_SECRET: 'test-app-secret-0123456789abcdef',
        LOG_LEVEL: 'silent',
      });
      let rebuilt = 0;
      await withApp(async (app) => {
        rebuilt = (await app.get(ProjectionRebuilder).rebuild()).events;
        await new Promise((resolve) => setTimeout(resolve, 500)); // a processor would have started by now
      }, config);
      expect(rebuilt).toBeGreaterThan(0);
      expect(existsSync(join(dataDir, 'outbox', 'messages.jsonl'))).toBe(false);

      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        const sent = await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'sms.sent'`);
        const jobs = await db.query('SELECT count(*)::int AS n FROM jobs');
        expect([sent.rows[0].n, jobs.rows[0].n]).toEqual([0, 0]);
      } finally {
        await db.end();
      }

      const app = await startTestApp({ databaseUrl: database.url, seed: false });
      try {
        await eventually(() => expect(deliveredTo(app.outbox, '+14165550406')).toHaveLength(1), 10000);
      } finally {
        await app.close();
      }
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60000);
});
