import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | { target?: number; published?: number | string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[] };
}

interface ComposeFile {
  services: Record<string, ComposeService>;
}

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as ComposeFile;
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** The environment of a service as a map, whichever of the two compose forms is used. */
function environment(name: string): Record<string, string> {
  const env = service(name).environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const eq = entry.indexOf('=');
        return eq === -1 ? [entry, ''] : [entry.slice(0, eq), entry.slice(eq + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]),
  );
}

/** Command text of a service, with entrypoint and command joined. */
function script(name: string): string {
  const { entrypoint, command } = service(name);
  return [entrypoint, command].flat().filter(Boolean).join(' ');
}

/** A value that is either literal or a `${VAR:-default}` interpolation resolves to its literal or default. */
function resolved(value: string): string {
  return value.replace(/\$\{[A-Z0-9_]+:?-([^}]*)\}/g, '$1');
}

interface Stage {
  name: string | undefined;
  text: string;
}

/** The Dockerfile's stages in order, continuation lines joined. */
function stages(): Stage[] {
  const lines = dockerfile.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const result: Stage[] = [];
  for (const line of lines) {
    const from = /^\s*FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) result.push({ name: from[1], text: '' });
    const current = result[result.length - 1];
    if (current) current.text += `${line}\n`;
  }
  return result;
}

function finalStage(): string {
  const all = stages();
  return all[all.length - 1]?.text ?? '';
}

describe('docker-compose.yml', () => {
  it('defines PostgreSQL, Redis, MinIO, the bucket set-up and the app', () => {
    for (const name of ['postgres', 'redis', 'minio', 'minio-init', 'app']) {
      expect(compose.services).toHaveProperty([name]);
    }
    expect(service('postgres').image).toMatch(/^postgres:16/);
    expect(service('redis').image).toMatch(/^redis:7/);
    expect(service('minio').image).toMatch(/^minio\/minio/);
    expect(service('minio-init').image).toMatch(/^minio\/mc/);
  });

  it('gives each backing service a health check', () => {
    for (const name of ['postgres', 'redis', 'minio']) {
      expect(service(name).healthcheck?.test).toBeDefined();
    }
    expect(String(service('postgres').healthcheck?.test)).toContain('pg_isready');
  });

  it('builds the app from the Dockerfile and publishes port 3000', () => {
    const { build } = service('app');
    const context = typeof build === 'string' ? build : build?.context;
    const file = typeof build === 'string' ? undefined : build?.dockerfile;
    expect(context).toBe('.');
    expect(file ?? 'Dockerfile').toBe('Dockerfile');
    const ports = (service('app').ports ?? []).map((port) =>
      typeof port === 'string' ? port : `${port.published}:${port.target}`,
    );
    expect(ports).toContain('3000:3000');
  });

  it('wires the app to PostgreSQL, Redis and MinIO', () => {
    const env = environment('app');
    for (const key of [
      'DATABASE_URL',
      'REDIS_URL',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'JWT_SECRET',
      'APP_SECRET',
    ]) {
      expect(env[key]).toBeTruthy();
    }

    const database = new URL(resolved(env.DATABASE_URL));
    expect(database.protocol).toBe('postgres:');
    expect(database.hostname).toBe('postgres');
    expect(database.port).toBe('5432');
    const postgres = environment('postgres');
    expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);

    const redis = new URL(resolved(env.REDIS_URL));
    expect(redis.protocol).toBe('redis:');
    expect(redis.hostname).toBe('redis');

    const s3 = new URL(resolved(env.S3_ENDPOINT));
    expect(s3.hostname).toBe('minio');
    expect(s3.port).toBe('9000');
    expect(env.S3_FORCE_PATH_STYLE).toBe('true');

    const minio = environment('minio');
    expect(env.S3_ACCESS_KEY).toBe(minio.MINIO_ROOT_USER);
    expect(env.S3_SECRET_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
  });

  it('runs the app in production without demo data', () => {
    const env = environment('app');
    expect(env.NODE_ENV).toBe('production');
    expect(resolved(env.SEED_DEMO)).toBe('false');
  });

  it('starts the app only once its dependencies are ready', () => {
    const dependsOn = service('app').depends_on;
    expect(dependsOn).toBeDefined();
    expect(Array.isArray(dependsOn)).toBe(false);
    const conditions = dependsOn as Record<string, { condition?: string }>;
    expect(conditions.postgres?.condition).toBe('service_healthy');
    expect(conditions.redis?.condition).toBe('service_healthy');
    expect(conditions['minio-init']?.condition).toBe('service_completed_successfully');
    const initDependsOn = service('minio-init').depends_on as Record<string, { condition?: string }>;
    expect(initDependsOn.minio?.condition).toBe('service_healthy');
  });

  it('creates in MinIO the bucket the app uses', () => {
    const bucket = resolved(environment('app').S3_BUCKET);
    const commands = script('minio-init');
    const made = [...commands.matchAll(/mc\s+mb\s+(?:--?[\w-]+\s+)*[\w-]+\/([a-z0-9.-]+)/g)].map((m) => m[1]);
    expect(made).toContain(bucket);
    // The set-up signs in with the same credentials as the app.
    expect(commands).toMatch(/mc\s+alias\s+set\s+\S+\s+http:\/\/minio:9000/);
    const init = environment('minio-init');
    const app = environment('app');
    expect(init.S3_ACCESS_KEY).toBe(app.S3_ACCESS_KEY);
    expect(init.S3_SECRET_KEY).toBe(app.S3_SECRET_KEY);
  });
});

describe('Dockerfile', () => {
  it('builds on node:20-bookworm-slim in several stages', () => {
    const stages = dockerfile.match(/^\s*FROM\s+\S+/gim) ?? [];
    expect(stages.length).toBeGreaterThan(1);
    for (const stage of stages) expect(stage).toMatch(/node:20-bookworm-slim/);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/RUN npm run build\b/);
  });

  it('runs dist/server/src/main.js in the final stage as a non-root user', () => {
    const stage = finalStage();
    expect(stage).toMatch(/^\s*CMD\s+\[\s*"node",\s*"dist\/server\/src\/main\.js"\s*\]/m);
    expect(stage).toMatch(/^\s*EXPOSE\s+3000\b/m);
    expect(stage).toMatch(/NODE_ENV=production/);
    expect(stage).toMatch(/^\s*HEALTHCHECK\b.*http:\/\/127\.0\.0\.1:3000\/health/m);
    const users = [...stage.matchAll(/^\s*USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('ships production dependencies only', () => {
    const stage = finalStage();
    const installedHere = /^\s*RUN\s+npm ci\b.*$/m.exec(stage)?.[0];
    const copiedFrom = /^\s*COPY\s+--from=(\S+)\s+(?:--\S+\s+)*\S*node_modules\b/m.exec(stage)?.[1];
    const install = installedHere ?? stages().find((s) => s.name === copiedFrom)?.text ?? '';
    expect(install).toMatch(/npm ci\b[^\n]*--omit=dev/);
    expect(stage).toMatch(/^\s*COPY\s+(?:--\S+\s+)*\S*dist\S*\s/m);
  });
});
