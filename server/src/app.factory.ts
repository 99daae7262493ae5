import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { PinoLogger } from './platform/logging/pino.logger.js';
import { AppModule } from './app.module.js';
import type { AppConfig } from './platform/config/app-config.js';
import { runPendingMigrations } from './platform/database/migrate.js';
import { JSON_BODY_LIMIT_BYTES, registerBodyParsers } from './platform/http/body-parsers.js';
import { noStoreForApi } from './platform/http/cache-control.js';
import { IdempotencyKeys } from './platform/http/idempotency-keys.js';
import { keepAnswers } from './platform/http/idempotency.guard.js';
import { serveClientApp } from './platform/http/client-app.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { createValidationPipe } from './platform/http/validation.pipe.js';
import { RedisIoAdapter } from './platform/realtime/redis-io.adapter.js';

/**
 * Builds the whole application (API, realtime, static client); `main.ts` and the tests both use it. NestJS
 * runs on Fastify: on this product's pages its routing and answering cost a fraction of Express's.
 */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<NestFastifyApplication> {
  // Before any module touches the database, and one instance at a time.
  await runPendingMigrations(databaseUrl);
  const adapter = new FastifyAdapter({
    // A number counts the proxies in front, as in Express (Fastify's types name only the other forms).
    trustProxy: config.trustProxy as boolean,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // `/customers/` and `/customers` are one route, as the API's clients have always called both.
    // A signed link carries its token in the path; a malformed id of any length is the handler's to refuse
    // (400, naming the parameter), never the router's 404. Node's header limit bounds an address anyway.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    // No Connect-style middleware: the steps every request takes are the hooks below.
    skipMiddie: true,
    // Uploads are streamed by their handlers (see multipart.ts), never buffered by a plugin.
    multipart: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({ config, databaseUrl }),
    adapter,
    { bufferLogs: true },
  );
  const logger = app.get(PinoLogger);
  app.useLogger(logger);
  const server = app.getHttpAdapter().getInstance();
  const logRequest = logger.httpMiddleware();
  server.addHook('onRequest', (request, response, done) => logRequest(request.raw, response.raw, done));
  server.addHook('onRequest', securityHeaders());
  server.addHook('onRequest', noStoreForApi);
  server.addHook('onSend', keepAnswers(app.get(IdempotencyKeys)));
  registerBodyParsers(app);
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

  await serveClientApp(app, config);
  return app;
}
