import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { buildServer, ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * Several instances of the built server on one PostgreSQL database, one Redis and one data directory,
 * as behind a load balancer: each command, push, message and rate-limit counter counts once, whichever
 * instance takes it.
 */

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL)
  console.warn('SKIPPED two-instances.test.ts: set REDIS_URL to run several instances on Redis.');

// A demo broker: clients they create are theirs (the principal broker would have to name a broker).
const BROKER = { phone_number: '14165550101', password: 'Demo#2026pass' };
const PER_PHONE_LIMIT = 4;
const QUEUES = ['notifications', 'thumbnails'];
const WELCOME_SUBJECT = 'Your Homeward account';
// Long enough for a second copy of a push or message to turn up if one were coming.
const SETTLE_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await sleep(100);
    }
  }
  throw lastError;
}

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> } & Record<string, unknown>;
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

async function signIn(server: ServerProcess, credentials = BROKER): Promise<string> {
  const answer = await call(server, 'POST', '/auth/api/v3/auth/token/obtain/', credentials);
  if (answer.status !== 200) throw new Error(`sign-in on ${server.name}: ${answer.status}`);
  return answer.body.data!.access as string;
}

let phoneSerial = 0;
/** A phone number of its own for each client this file creates. */
function newPhone(): string {
  phoneSerial += 1;
  return `1416555${String(7000 + phoneSerial).padStart(4, '0')}`;
}

async function createClient(server: ServerProcess, token: string, phone: string): Promise<string> {
  const answer = await call(
    server,
    'POST',
    '/core/api/v3/customers/',
    {
      first_name: 'Robin',
      last_name: 'Twofold',
      email: `robin${phone}@example.com`,
      phone_number: phone,
      status: 'active',
      deal_type: 'purchase',
    },
    token,
  );
  if (answer.status !== 201) throw new Error(`client not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data!.id as string;
}

interface Delivered {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The messages in an outbox file (`<DATA_DIR>/outbox/messages.jsonl`), in the order they were sent. */
function outbox(dataDir: string): Delivered[] {
  const file = join(dataDir, 'outbox', 'messages.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Delivered);
}

const welcomesTo = (dataDir: string, phone: string) =>
  outbox(dataDir).filter((m) => m.to === `+${phone}` && m.subject === WELCOME_SUBJECT);

interface Push {
  type: string;
  stream_id: string;
  customer_id: string | null;
}

async function listen(server: ServerProcess, token: string, sockets: Socket[]): Promise<Push[]> {
  const socket = io(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const pushes: Push[] = [];
  socket.on('domain-event', (push: Push) => pushes.push(push));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return pushes;
}

async function query<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Jobs not finished yet, in PostgreSQL (not yet handed to Redis) and in every BullMQ queue. */
async function unfinishedJobs(databaseUrl: string, prefix: string): Promise<number> {
  // Reminders wait days in a queue of their own: only the queues a welcome text goes through count here.
  const [{ n }] = await query<{ n: number }>(
    databaseUrl,
    'SELECT count(*)::int AS n FROM jobs WHERE queue = ANY($1)',
    [QUEUES],
  );
  const connection = new Redis(REDIS_URL!, { maxRetriesPerRequest: null });
  try {
    let inRedis = 0;
    for (const name of QUEUES) {
      const queue = new Queue(name, { connection, prefix });
      const counts = await queue.getJobCounts(
        'active',
        'waiting',
        'delayed',
        'prioritized',
        'waiting-children',
      );
      inRedis += Object.values(counts).reduce((sum, count) => sum + count, 0);
      await queue.close();
    }
    return n + inRedis;
  } finally {
    connection.disconnect();
  }
}

/** Waits until the welcome of this phone was recorded as a job and every job has been finished. */
async function jobsIdleAfterWelcome(databaseUrl: string, prefix: string, phone: string): Promise<void> {
  await eventually(async () => {
    const [registered] = await query<{ position: string }>(
      databaseUrl,
      `SELECT global_position AS position FROM events WHERE type = 'user.registered' AND data->>'phoneNumber' = $1`,
      [phone],
    );
    const [checkpoint] = await query<{ position: string }>(
      databaseUrl,
      `SELECT position FROM processor_checkpoints WHERE name = 'notifications'`,
    );
    expect(Number(checkpoint?.position ?? 0)).toBeGreaterThanOrEqual(Number(registered.position));
    expect(await unfinishedJobs(databaseUrl, prefix)).toBe(0);
  });
}

/** Removes this file's keys (queues, counters) from the shared Redis, and only those. */
async function forgetRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL!);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** What every instance of one deployment shares; each test group has its own database, prefix and files. */
interface Deployment {
  databaseUrl: string;
  dataDir: string;
  prefix: string;
  env: (overrides?: Record<string, string>) => Record<string, string>;
}

function deployment(databaseUrl: string): Deployment {
  const dataDir = mkdtempSync(join(tmpdir(), 'homeward-instances-'));
  const prefix = `test-instances-${randomBytes(4).toString('hex')}`;
  return {
    databaseUrl,
    dataDir,
    prefix,
    env: (overrides = {}) => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      JWT_SECRET: 'instances-jwt-secret-0123456789abcdef0123',
      APP_SECRET: 'instances-app-secret-0123456789abcdef0123',
      SEED_DEMO: 'false',
      PROCESSOR_POLL_MS: '100',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_PHONE: String(PER_PHONE_LIMIT),
      CLIENT_DIR: join(dataDir, 'no-client'),
      ...overrides,
    }),
  };
}

const running: ServerProcess[] = [];

async function startAll(...instances: [string, Record<string, string>][]): Promise<ServerProcess[]> {
  const started = await Promise.all(
    instances.map(async ([name, env]) => {
      const server = await ServerProcess.start(name, env);
      running.push(server);
      return server;
    }),
  );
  await Promise.all(started.map((server) => server.healthy()));
  return started;
}

/** Stops them before their database and keys go, also when starting them failed half-way. */
async function stopAll(servers: ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
}

describeWithRedis('instances of the built server side by side', () => {
  beforeAll(() => {
    // The suite runs dist/, so it must be this very source.
    buildServer();
  }, 180_000);

  afterAll(async () => {
    await stopAll(running);
  }, 60_000);

  describe('started at the same moment on a new database', () => {
    const migrated = async (databaseUrl: string, servers: ServerProcess[]) => {
      const names = await query<{ name: string; n: number }>(
        databaseUrl,
        'SELECT name, count(*)::int AS n FROM migrations GROUP BY name ORDER BY name',
      );
      const { migrations } = await import('../../migrations/index.js');
      expect(names).toEqual(
        migrations
          .map((migration) => ({ name: migration.name, n: 1 }))
          .sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
      // Neither had to recover from the other's tables (a failed migration retried later).
      for (const server of servers)
        expect(server.log()).not.toMatch(/migration.*failed|already exists|Retrying/i);
    };

    it('both come up, each migration run once, on an empty database', async () => {
      const database = await createTestDatabase();
      const shared = deployment(database.url);
      try {
        const servers = await startAll(
          ['first', shared.env({ SEED_DEMO: 'true' })],
          ['second', shared.env()],
        );
        await migrated(database.url, servers);
      } finally {
        await stopAll(running);
        await database.drop();
        rmSync(shared.dataDir, { recursive: true, force: true });
        await forgetRedisKeys(shared.prefix);
      }
    }, 120_000);

    it('both come up, each migration run once, on a database that does not exist yet', async () => {
      const admin = new URL(process.env.DATABASE_URL!);
      const name = `test_${randomBytes(6).toString('hex')}`;
      const target = new URL(admin);
      target.pathname = `/${name}`;
      const shared = deployment(target.toString());
      try {
        const servers = await startAll(['first', shared.env()], ['second', shared.env()]);
        await migrated(target.toString(), servers);
      } finally {
        await stopAll(running);
        await query(admin.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(shared.dataDir, { recursive: true, force: true });
        await forgetRedisKeys(shared.prefix);
      }
    }, 120_000);
  });

  describe('two instances that both take jobs', () => {
    let drop: () => Promise<void>;
    let shared: Deployment;
    let a: ServerProcess;
    let b: ServerProcess;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      const database = await createTestDatabase();
      drop = database.drop;
      shared = deployment(database.url);
      [a, b] = await startAll(['A', shared.env({ SEED_DEMO: 'true' })], ['B', shared.env()]);
    }, 120_000);

    afterAll(async () => {
      sockets.forEach((socket) => socket.disconnect());
      await stopAll(running);
      await drop?.();
      if (shared) {
        rmSync(shared.dataDir, { recursive: true, force: true });
        await forgetRedisKeys(shared.prefix);
      }
    }, 60_000);

    it('pushes a command taken by A to a socket on B, and to one on A, exactly once each', async () => {
      const token = await signIn(a);
      const customerId = await createClient(a, token, newPhone());
      const onB = await listen(b, await signIn(b), sockets);
      const onA = await listen(a, token, sockets);

      const changed = await call(
        a,
        'PATCH',
        `/core/api/v3/customers/${customerId}/`,
        { status: 'approved' },
        token,
      );
      expect(changed.status).toBe(200);

      const statusChanges = (pushes: Push[]) =>
        pushes.filter((p) => p.type === 'customer.status_changed' && p.customer_id === customerId);
      await eventually(() => {
        expect(statusChanges(onB)).toHaveLength(1);
        expect(statusChanges(onA)).toHaveLength(1);
      });
      await sleep(SETTLE_MS);
      expect(statusChanges(onB)).toHaveLength(1);
      expect(statusChanges(onA)).toHaveLength(1);
    }, 60_000);

    it('refuses a session signed out on A on both instances, though B had just answered it', async () => {
      const token = await signIn(a);
      const clients = '/core/api/v3/customers/?offset=0&limit=1';
      expect((await call(b, 'GET', clients, undefined, token)).status).toBe(200);
      expect((await call(a, 'GET', clients, undefined, token)).status).toBe(200);

      expect((await call(a, 'POST', '/auth/api/v3/auth/token/revoke/', undefined, token)).status).toBe(200);
      expect((await call(a, 'GET', clients, undefined, token)).status).toBe(401);
      await eventually(async () =>
        expect((await call(b, 'GET', clients, undefined, token)).status).toBe(401),
      );
    }, 60_000);

    it("sends a new client's welcome text once, though both instances work the queue", async () => {
      const phone = newPhone();
      await createClient(a, await signIn(a), phone);

      await eventually(() => expect(welcomesTo(shared.dataDir, phone).length).toBeGreaterThan(0));
      await jobsIdleAfterWelcome(shared.databaseUrl, shared.prefix, phone);
      await sleep(SETTLE_MS);
      expect(welcomesTo(shared.dataDir, phone)).toHaveLength(1);
      const [sent] = await query<{ n: number }>(
        shared.databaseUrl,
        `SELECT count(*)::int AS n FROM events WHERE type = 'sms.sent' AND data->>'recipient' = $1`,
        [`+${phone}`],
      );
      expect(sent.n).toBe(1);
    }, 60_000);

    it('refuses failed sign-ins spread over A and B at the same count as on one instance', async () => {
      const attempt = (server: ServerProcess, phone: string) =>
        call(server, 'POST', '/auth/api/v3/auth/token/obtain/', {
          phone_number: phone,
          password: 'Not#thePassword1',
        }).then((answer) => answer.status);
      /** Failed sign-ins, taken by the instances in turn, until one is refused (or far past the limit). */
      const untilRefused = async (servers: ServerProcess[], phone: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < PER_PHONE_LIMIT * 3 && !statuses.includes(429); i++)
          statuses.push(await attempt(servers[i % servers.length], phone));
        return statuses;
      };
      const refusedAfter = [...Array<number>(PER_PHONE_LIMIT).fill(401), 429];

      const oneInstance = await untilRefused([a], newPhone());
      const spread = await untilRefused([a, b], newPhone());
      expect(oneInstance).toEqual(refusedAfter);
      expect(spread).toEqual(refusedAfter);
      // And refused by either now.
      const blocked = newPhone();
      await untilRefused([b, a], blocked);
      expect([await attempt(a, blocked), await attempt(b, blocked)]).toEqual([429, 429]);
    }, 60_000);
  });

  describe('web instances that take no jobs, and one that does', () => {
    let drop: () => Promise<void>;
    let shared: Deployment;
    let workerDataDir: string;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      const database = await createTestDatabase();
      drop = database.drop;
      shared = deployment(database.url);
      workerDataDir = mkdtempSync(join(tmpdir(), 'homeward-worker-'));
      servers.push(
        ...(await startAll(
          ['A', shared.env({ SEED_DEMO: 'true', RUN_WORKERS: 'false' })],
          ['B', shared.env({ RUN_WORKERS: 'false' })],
        )),
      );
    }, 120_000);

    afterAll(async () => {
      await stopAll(running);
      await drop?.();
      if (shared) {
        rmSync(shared.dataDir, { recursive: true, force: true });
        await forgetRedisKeys(shared.prefix);
      }
      if (workerDataDir) rmSync(workerDataDir, { recursive: true, force: true });
    }, 60_000);

    it('leaves the welcome text of a client created on A waiting until a worker instance sends it', async () => {
      const [a] = servers;
      const phone = newPhone();
      await createClient(a, await signIn(a), phone);

      // Handed to Redis, where it waits: neither web instance works it.
      await eventually(async () => {
        const [{ n }] = await query<{ n: number }>(shared.databaseUrl, 'SELECT count(*)::int AS n FROM jobs');
        expect(n).toBe(0);
        expect(await unfinishedJobs(shared.databaseUrl, shared.prefix)).toBeGreaterThan(0);
      });
      await sleep(SETTLE_MS);
      expect(welcomesTo(shared.dataDir, phone)).toEqual([]);

      // The worker keeps its outbox in a data directory of its own, so what it sent is told apart.
      const [worker] = await startAll([
        'worker',
        shared.env({ RUN_WORKERS: 'true', DATA_DIR: workerDataDir }),
      ]);
      servers.push(worker);
      await eventually(() => expect(welcomesTo(workerDataDir, phone)).toHaveLength(1));
      await jobsIdleAfterWelcome(shared.databaseUrl, shared.prefix, phone);
      await sleep(SETTLE_MS);
      expect(welcomesTo(workerDataDir, phone)).toHaveLength(1);
      expect(welcomesTo(shared.dataDir, phone)).toEqual([]);
    }, 90_000);
  });
});
