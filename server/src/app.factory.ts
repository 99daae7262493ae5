import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { PinoLogger } from './platform/logging/pino.logger.js';
import { AppModule } from './app.module.js';
import type { AppConfig } from './platform/config/app-config.js';
import { runPendingMigrations } from './platform/database/migrate.js';
import { noStoreForApi } from './platform/http/cache-control.js';
import { serveClientApp } from './platform/http/client-app.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { createValidationPipe } from './platform/http/validation.pipe.js';
import { RedisIoAdapter } from './platform/realtime/redis-io.adapter.js';

/** Builds the whole application (API, realtime, static client); `main.ts` and the tests both use it. */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<NestExpressApplication> {
  // Before any module touches the database, and one instance at a time.
  await runPendingMigrations(databaseUrl);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config, databaseUrl }), {
    bufferLogs: true,
  });
  const logger = app.get(PinoLogger);
  app.useLogger(logger);
  app.set('trust proxy', config.trustProxy);
  // Said by no answer, whether the security headers below cover it or not.
  app.disable('x-powered-by');
  // API answers are never stored (no-store), so a hash of every body would be work for nothing; the page
  // carries a tag made once per version of it, and the built files their own.
  app.set('etag', false);
  app.use(logger.httpMiddleware());
  app.use(securityHeaders());
  app.use(noStoreForApi);
  app.useBodyParser('json', { limit: '1mb' });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  app.useWebSocketAdapter(
    config.redisUrl ? new RedisIoAdapter(app, config.redisUrl, config.redisPrefix) : new IoAdapter(app),
  );

  const openApi = new DocumentBuilder()
    .setTitle('Homeward API')
    .setDescription('Auth (/auth/api/v3), core (/core/api/v3) and events (/events/api/v3) services')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  serveClientApp(app, config);
  return app;
}
