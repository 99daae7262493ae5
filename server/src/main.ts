import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { loadConfig } from './platform/config/app-config.js';
import { resolveDatabase } from './platform/database/database-url.js';
import { SeedService } from './seeds/seed.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config);
  const app = await createApp(config, database.url);
  await app.init();
  const seeds = app.get(SeedService);
  const seeding = config.seedDemo && config.env !== 'production' && (await seeds.isEmpty());
  if (seeding) await seeds.seed();
  await app.listen(config.port, config.host);
  const logger = new Logger('Homeward');
  logger.log(
    `Homeward is running at ${config.publicUrl} (database: ${config.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL'}, jobs: ${config.redisUrl ? 'BullMQ on Redis' : 'in process'}, files: ${config.s3 ? 'S3' : 'local disk'})`,
  );
  // The demo clients' papers and chats are filled in while the product already answers.
  if (seeding)
    seeds
      .fillDemoFiles()
      .catch((error: unknown) => logger.error(`The demo clients' files were not filled: ${String(error)}`));
  const stop = async (): Promise<void> => {
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
