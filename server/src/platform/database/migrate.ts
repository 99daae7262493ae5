import { Logger } from '@nestjs/common';
import { DataSource, MigrationExecutor } from 'typeorm';
import { migrations } from '../../../../migrations/index.js';

// As long as the database connection itself is waited for: PostgreSQL may still be starting.
const CONNECT_TRIES = 10;
const CONNECT_RETRY_MS = 3000;

/**
 * Runs every pending migration while holding a PostgreSQL advisory lock, on the one connection that runs
 * them. Instances started together on a new database take turns: the first migrates, the others wait for
 * it and then find nothing pending, instead of creating the same tables at once and failing.
 */
export async function runPendingMigrations(databaseUrl: string): Promise<void> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTransactionMode: 'all',
    logging: false,
    extra: { max: 1 },
  });
  await connect(dataSource);
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query("SELECT pg_advisory_lock(hashtext('migrations'))");
    try {
      await new MigrationExecutor(dataSource, runner).executePendingMigrations();
    } finally {
      // Ending the session below lets go of the lock anyway, should this fail.
      await runner.query("SELECT pg_advisory_unlock(hashtext('migrations'))").catch(() => undefined);
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}

async function connect(dataSource: DataSource): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.initialize();
      return;
    } catch (error) {
      if (attempt >= CONNECT_TRIES) throw error;
      new Logger('Migrations').warn(
        `Cannot reach the database yet (${(error as Error).message}); trying again (${attempt})`,
      );
      await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
    }
  }
}
