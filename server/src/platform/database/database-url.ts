import type { AppConfig } from '../config/app-config.js';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.js';

/** The database to use: DATABASE_URL when set, else an embedded PostgreSQL under the data directory. */
export async function resolveDatabase(
  config: AppConfig,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) {
    await ensureDatabase(config.databaseUrl);
    return { url: config.databaseUrl, stop: async () => undefined };
  }
  return startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort);
}
