import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { migrations } from '../../../migrations/index.js';
import { authThrottlers } from '../auth/rate-limits.js';
import { AuthGuard } from './auth/auth.guard.js';
import { CallerResolver } from './auth/caller.resolver.js';
import { TokenService } from './auth/token.service.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { EventProcessorRunner } from './event-store/event-processor.js';
import { EventStore } from './event-store/event-store.js';
import { ProjectionRegistry } from './event-store/projection.registry.js';
import { ProjectionRebuilder } from './event-store/projection.rebuilder.js';
import { ErrorFilter } from './http/error.filter.js';
import { QueueModule } from './queue/queue.module.js';
import { RealtimeAudience } from './realtime/realtime.audience.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { RealtimeProcessor } from './realtime/realtime.processor.js';
import { RedisThrottlerStorage } from './http/redis-throttler.storage.js';
import { StorageModule } from './storage/storage.module.js';

export interface PlatformOptions {
  config: AppConfig;
  databaseUrl: string;
}

/** Everything features stand on: configuration, database, event store, auth, jobs, storage, realtime, logs. */
@Global()
@Module({})
export class PlatformModule {
  static register({ config, databaseUrl }: PlatformOptions): DynamicModule {
    const configProvider = { provide: APP_CONFIG, useValue: config };
    return {
      module: PlatformModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (request) => (request.headers['x-request-id'] as string | undefined) ?? randomUUID(),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
            autoLogging: { ignore: (request) => request.url === '/health' },
            serializers: {
              req: (request: { id: unknown; method: string; url: string }) => ({
                id: request.id,
                method: request.method,
                url: request.url,
              }),
              res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
            },
            transport: undefined,
          },
        }),
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: databaseUrl,
          autoLoadEntities: true,
          synchronize: false,
          migrations,
          migrationsRun: true,
          logging: false,
          extra: { max: 20 },
        }),
        JwtModule.register({}),
        ThrottlerModule.forRoot({
          throttlers: authThrottlers(config),
          storage: config.redisUrl ? new RedisThrottlerStorage(config.redisUrl) : undefined,
        }),
        QueueModule,
        StorageModule,
      ],
      providers: [
        configProvider,
        EventStore,
        ProjectionRegistry,
        ProjectionRebuilder,
        EventProcessorRunner,
        TokenService,
        CallerResolver,
        RealtimeAudience,
        RealtimeGateway,
        RealtimeProcessor,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      exports: [
        configProvider,
        EventStore,
        ProjectionRegistry,
        ProjectionRebuilder,
        EventProcessorRunner,
        TokenService,
        CallerResolver,
        RealtimeAudience,
        RealtimeGateway,
        QueueModule,
        StorageModule,
      ],
    };
  }
}
