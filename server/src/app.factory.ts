import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PinoLogger } from './platform/logging/pino.logger.js';
import { AppModule } from './app.module.js';
import type { AppConfig } from './platform/config/app-config.js';
import { createValidationPipe } from './platform/http/validation.pipe.js';
import { RedisIoAdapter } from './platform/realtime/redis-io.adapter.js';

const API_PREFIXES = ['/auth/api/', '/core/api/', '/events/api/', '/socket.io', '/api/docs', '/health'];

/** Builds the whole application (API, realtime, static client); `main.ts` and the tests both use it. */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config, databaseUrl }), {
    bufferLogs: true,
  });
  const logger = app.get(PinoLogger);
  app.useLogger(logger);
  app.use(logger.httpMiddleware());
  app.set('trust proxy', config.trustProxy);
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

  if (existsSync(join(config.clientDir, 'index.html'))) {
    app.useStaticAssets(config.clientDir, { index: false, maxAge: '1h' });
    // Client routes (/dashboard, /auth/reset, ...) all load the single-page app, with the settings it reads.
    const settings = JSON.stringify({ mortgageApplicationUrl: config.mortgageApplicationUrl }).replace(
      /</g,
      '\\u003c',
    );
    const indexHtml = readFileSync(join(config.clientDir, 'index.html'), 'utf8').replace(
      '</head>',
      `<script>window.__HOMEWARD__=${settings}</script></head>`,
    );
    app.use((request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' || API_PREFIXES.some((prefix) => request.path.startsWith(prefix)))
        return next();
      if (!request.accepts('html')) return next();
      response.setHeader('Cache-Control', 'no-cache');
      response.type('html').send(indexHtml);
    });
  }
  return app;
}
