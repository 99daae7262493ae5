import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../app.factory.js';
import { type AppConfig, loadConfig } from '../platform/config/app-config.js';
import { resolveDatabase } from '../platform/database/database-url.js';

/**
 * Runs a task against the configured database with every module loaded (migrations run on init), then
 * stops. Tools follow no part of the event log: no processor starts and no job runs, so a rebuild or a
 * seed sends nothing; whatever their events cause is done by the running application.
 */
export async function withApp(
  task: (app: NestFastifyApplication) => Promise<void>,
  config: AppConfig = loadConfig(),
): Promise<void> {
  const toolConfig = { ...config, runWorkers: false, runProcessors: false };
  const database = await resolveDatabase(toolConfig);
  const app = await createApp(toolConfig, database.url);
  await app.init();
  try {
    await task(app);
  } finally {
    await app.close();
    await database.stop();
  }
}
