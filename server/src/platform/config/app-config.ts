import { type BrokerageSettings, DEFAULT_BROKERAGE } from '../../../../machines/brokerage.js';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sender: a phone number, or a messaging service (which picks the number itself). */
  from: { number: string } | { messagingServiceSid: string };
  /** Another address for Twilio's REST API (a local stand-in); Twilio's own when not set. */
  apiUrl: string | null;
}

/** Twilio's settings, or null when no account is configured; an account without a sender is refused. */
function twilioConfig(env: Env): TwilioConfig | null {
  const accountSid = env.TWILIO_ACCOUNT_SID ?? '';
  if (!accountSid) return null;
  const authToken = env.TWILIO_AUTH_TOKEN ?? '';
  const number = env.TWILIO_FROM ?? '';
  const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID ?? '';
  if (!authToken) throw new Error('TWILIO_AUTH_TOKEN is required with TWILIO_ACCOUNT_SID');
  if (!number && !messagingServiceSid)
    throw new Error('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required with TWILIO_ACCOUNT_SID');
  return {
    accountSid,
    authToken,
    from: messagingServiceSid ? { messagingServiceSid } : { number },
    apiUrl: env.TWILIO_API_URL || null,
  };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  redisUrl: string | null;
  s3: S3Config | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Text messages through Twilio when its account is set; the outbox otherwise. */
  twilio: TwilioConfig | null;
  jwtSecret: string;
  appSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  seedDemo: boolean;
  logLevel: string;
  clientDir: string;
  mortgageApplicationUrl: string;
  /** The brokerage's details until a principal broker first changes them. */
  brokerage: BrokerageSettings;
  processorPollMs: number;
  rateLimit: { perIp: number; perPhone: number };
  runWorkers: boolean;
  /** Follow the event log (pushes, messages, previews); command-line tools turn it off. */
  runProcessors: boolean;
  /** A failing job is retried with exponential backoff (capped) until the window has passed, then recorded as failed. */
  jobRetry: { baseDelayMs: number; maxDelayMs: number; windowMs: number };
  trustProxy: boolean | number;
  /** Namespaces queues, socket rooms and counters in Redis, so several deployments can share one server. */
  redisPrefix: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/**
 * Secrets that the embedded defaults need are generated once and kept under the data directory,
 * so that tokens and one-time passwords stay valid across restarts without any set-up.
 */
function localSecrets(dataDir: string): { jwtSecret: string; appSecret: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; appSecret: string };
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwtSecret: randomBytes(32).toString('hex'), appSecret: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const port = int(env, 'PORT', 3000);
  let jwtSecret = env.JWT_SECRET ?? '';
  let appSecret = env.APP_SECRET ?? '';
  if (!jwtSecret || !appSecret) {
    if (nodeEnv === 'production') throw new Error('JWT_SECRET and APP_SECRET must be set in production');
    const local = localSecrets(dataDir);
    jwtSecret ||= local.jwtSecret;
    appSecret ||= local.appSecret;
  }
  const s3Endpoint = env.S3_ENDPOINT ?? '';
  return {
    env: nodeEnv,
    port,
    // Loopback unless told otherwise: the container image sets HOST=0.0.0.0 for its published port.
    host: env.HOST ?? '127.0.0.1',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    embeddedPostgresPort: int(env, 'EMBEDDED_POSTGRES_PORT', 5488),
    redisUrl: env.REDIS_URL || null,
    s3: s3Endpoint
      ? {
          endpoint: s3Endpoint,
          bucket: env.S3_BUCKET ?? 'homeward',
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY ?? '',
          secretAccessKey: env.S3_SECRET_KEY ?? '',
          forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', true),
        }
      : null,
    smtpUrl: env.SMTP_URL || null,
    twilio: twilioConfig(env),
    mailFrom: env.MAIL_FROM ?? 'Homeward <no-reply@homeward.local>',
    jwtSecret,
    appSecret,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    seedDemo: bool(env, 'SEED_DEMO', nodeEnv !== 'production'),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    mortgageApplicationUrl: env.MORTGAGE_APPLICATION_URL ?? DEFAULT_BROKERAGE.mortgageApplicationUrl,
    brokerage: {
      name: env.BROKERAGE_NAME ?? DEFAULT_BROKERAGE.name,
      licenceNumber: env.BROKERAGE_LICENCE ?? DEFAULT_BROKERAGE.licenceNumber,
      phone: env.BROKERAGE_PHONE ?? DEFAULT_BROKERAGE.phone,
      fax: env.BROKERAGE_FAX ?? DEFAULT_BROKERAGE.fax,
      address: env.BROKERAGE_ADDRESS ?? DEFAULT_BROKERAGE.address,
      email: env.BROKERAGE_EMAIL ?? DEFAULT_BROKERAGE.email,
      socialUrl: env.BROKERAGE_SOCIAL_URL ?? DEFAULT_BROKERAGE.socialUrl,
      timeZone: env.BROKERAGE_TIME_ZONE ?? DEFAULT_BROKERAGE.timeZone,
      mortgageApplicationUrl: env.MORTGAGE_APPLICATION_URL ?? DEFAULT_BROKERAGE.mortgageApplicationUrl,
      secondFactorRequired: bool(env, 'SECOND_FACTOR_REQUIRED', DEFAULT_BROKERAGE.secondFactorRequired),
      reminderFirstDelayDays: DEFAULT_BROKERAGE.reminderFirstDelayDays,
      reminderIntervalDays: DEFAULT_BROKERAGE.reminderIntervalDays,
      reminderMaxCount: DEFAULT_BROKERAGE.reminderMaxCount,
    },
    processorPollMs: int(env, 'PROCESSOR_POLL_MS', 250),
    runWorkers: bool(env, 'RUN_WORKERS', true),
    runProcessors: bool(env, 'RUN_PROCESSORS', true),
    jobRetry: {
      baseDelayMs: int(env, 'JOB_RETRY_BASE_MS', 1000),
      maxDelayMs: int(env, 'JOB_RETRY_MAX_DELAY_MS', 5 * 60_000),
      windowMs: int(env, 'JOB_RETRY_WINDOW_MS', 60 * 60_000),
    },
    redisPrefix: env.REDIS_PREFIX ?? 'homeward',
    trustProxy: env.TRUST_PROXY
      ? /^\d+$/.test(env.TRUST_PROXY)
        ? Number(env.TRUST_PROXY)
        : bool(env, 'TRUST_PROXY', false)
      : false,
    rateLimit: {
      perIp: int(env, 'AUTH_RATE_LIMIT_PER_IP', 30),
      perPhone: int(env, 'AUTH_RATE_LIMIT_PER_PHONE', 10),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
