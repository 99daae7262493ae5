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

/** Linux counts CPU time in ticks of a hundredth of a second (USER_HZ). */
const TICKS_PER_SECOND = 100;
/** How often the product's CPU time is read. */
const POLL_MS = 500;
/** The share of a core under which the product counts as quiet, and for how long it must stay so. */
const QUIET_SHARE = 0.05;
const QUIET_FOR_MS = 2_000;
/** The longest the audit waits for it. */
const WAIT_AT_MOST_MS = 60_000;

/**
 * Waits until the process has used under QUIET_SHARE of a core for QUIET_FOR_MS in a row (at most
 * WAIT_AT_MOST_MS), so that Lighthouse measures the page and not the product's own start-up work sharing
 * the CPU.
 */
async function quiet(pid: number): Promise<void> {
  const quietTicks = QUIET_SHARE * TICKS_PER_SECOND * (POLL_MS / 1000);
  const started = Date.now();
  let quietFor = 0;
  let last = cpuTicks(pid);
  while (last !== null && quietFor < QUIET_FOR_MS && Date.now() - started < WAIT_AT_MOST_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = cpuTicks(pid);
    if (now === null) return;
    quietFor = now - last < quietTicks ? quietFor + POLL_MS : 0;
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
