import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface RunningProduct {
  url: string;
  /** Settles once the product's background work (the demo files' thumbnails, its e-mails) is done. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
}

const DATABASE = 'homeward_audit';

/** The product's settings besides its address, database and files: the demo data, quiet logs. */
const AUDIT_ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  HOST: '127.0.0.1',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Every screen of every role signs in, several times over: more than a person does in a minute.
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_PHONE: '100000',
};

/** The scratch database on DATABASE_URL's server, dropped and created afresh. */
async function scratchDatabase(): Promise<string> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
  const admin = new URL(server);
  if (admin.pathname.length <= 1) admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  server.pathname = `/${DATABASE}`;
  return server.toString();
}

async function healthy(url: string, exited: () => boolean, output: () => string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (exited()) throw new Error(`The product exited while starting:\n${output()}`);
    try {
      const answer = await fetch(`${url}/health`);
      await answer.body?.cancel();
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The product did not answer GET /health within a minute:\n${output()}`);
}

/** CPU time a process has used, in clock ticks (Linux's /proc), or null where there is no /proc. */
function cpuTicks(pid: number): number | null {
  try {
    // The fields after the command's name, which is in parentheses: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the process has used under 5% of a core for two seconds in a row (at most a minute), so
 * that Lighthouse measures the page and not the product's own start-up work sharing the CPU.
 */
async function quiet(pid: number): Promise<void> {
  const TICKS_PER_SECOND = 100;
  const started = Date.now();
  let calm = 0;
  let last = cpuTicks(pid);
  while (last !== null && calm < 4 && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTicks(pid);
    if (now === null) return;
    calm = now - last < 0.05 * TICKS_PER_SECOND * 0.5 ? calm + 1 : 0;
    last = now;
  }
}

/** Starts the built product (`dist/`) as `npm start` runs it, with the demo data, on a scratch database. */
export async function startProduct(root: string, port: number): Promise<RunningProduct> {
  const databaseUrl = await scratchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'homeward-audit-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/src/main.js'], {
    cwd: root,
    env: { ...AUDIT_ENV, PORT: String(port), PUBLIC_URL: url, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    if (!exited) child.kill('SIGTERM');
    await exit;
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await healthy(
      url,
      () => exited,
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, idle: () => quiet(child.pid!), stop };
}
