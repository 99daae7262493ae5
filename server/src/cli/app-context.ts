import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../app.factory.js';
import { loadConfig } from '../platform/config/app-config.js';
import { resolveDatabase } from '../platform/database/database-url.js';

/** Runs a task against the configured database with every module loaded (migrations run on init), then stops. */
export async function withApp(task: (app: NestExpressApplication) => Promise<void>): Promise<void> {
  const config = { ...loadConfig(), runWorkers: false };
  const database = await resolveDatabase(config);
  const app = await createApp(config, database.url);
  await app.init();
  try {
    await task(app);
  } finally {
    await app.close();
    await database.stop();
  }
}
