import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../server/src/app.factory.js';
import { REFRESH_COOKIE } from '../../server/src/auth/refresh-cookie.js';
import { loadConfig, type AppConfig } from '../../server/src/platform/config/app-config.js';
import { EventProcessorRunner } from '../../server/src/platform/event-store/event-processor.js';
import { SeedService } from '../../server/src/seeds/seed.service.js';
import { OutboxTransport } from '../../server/src/notifications/transports.js';
import { DEMO_PASSWORD } from '../../server/src/seeds/demo-accounts.js';
import { recordRoutes } from './route-table.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  databaseUrl: string;
  http: () => ReturnType<typeof request>;
  outbox: OutboxTransport;
  /** Runs every event processor until it has caught up (pushes sent, messages delivered). */
  drain: () => Promise<void>;
  /** Signs in; `refresh` is the token of the HttpOnly cookie the answer sets. */
  login: (phoneNumber: string, password?: string) => Promise<{ access: string; refresh: string }>;
  /** Presents a refresh token the way a browser does: in its cookie. */
  refresh: (refreshToken: string) => ReturnType<ReturnType<typeof request>['post']>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  seed?: boolean;
  /** Reuse another app's database (a second instance); the owner drops it. */
  databaseUrl?: string;
  dataDir?: string;
}

export const REDIS_URL = process.env.REDIS_URL;

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'homeward-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
    APP_SECRET: 'test-app-secret-0123456789abcdef',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_PHONE: '100000',
    PROCESSOR_POLL_MS: '100',
    REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CLIENT_DIR: join(process.cwd(), 'dist/client'),
    ...options.env,
  });
  const app = await createApp(config, database.url);
  app.useLogger(false);
  recordRoutes(app);
  await app.init();
  if (options.seed !== false) await app.get(SeedService).seed();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const http = () => request(app.getHttpServer());
  const outbox = app.get<OutboxTransport>('OUTBOX');

  return {
    app,
    config,
    url,
    databaseUrl: database.url,
    http,
    outbox,
    drain: () => app.get(EventProcessorRunner).drain(),
    async login(phoneNumber, password = DEMO_PASSWORD) {
      const answer = await http()
        .post('/auth/api/v3/auth/token/obtain/')
        .send({ phone_number: phoneNumber, password });
      if (answer.status !== 200)
        throw new Error(`login ${phoneNumber} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { access: answer.body.data.access as string, refresh: refreshCookieOf(answer) ?? '' };
    },
    refresh: (refreshToken) => http().post(REFRESH_PATH).set('Cookie', `${REFRESH_COOKIE}=${refreshToken}`),
    async close() {
      await app.close();
      await database.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const REFRESH_PATH = '/auth/api/v3/auth/token/refresh/';

/** The refresh token an answer sets in its cookie, or null when it sets none. */
export function refreshCookieOf(answer: { headers: Record<string, unknown> }): string | null {
  const header = answer.headers['set-cookie'];
  const cookies = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  const found = cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  const value = found?.slice(REFRESH_COOKIE.length + 1).split(';')[0];
  return value ? decodeURIComponent(value) : null;
}

export const PHONES = {
  principalBroker: '14165550100',
  broker: '14165550101',
  assistant: '14165550102',
  customer: '14165550103',
};

export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** Polls until the check passes or the time is up; for effects that follow commits asynchronously. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw lastError;
}
