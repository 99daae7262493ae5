import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { TypeOrmModule } from '@nestjs/typeorm';
import { migrations } from '../../../migrations/index.js';
import { AuthGuard } from './auth/auth.guard.js';
import { CallerResolver } from './auth/caller.resolver.js';
import { TokenService } from './auth/token.service.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { EventProcessorRunner } from './event-store/event-processor.js';
import { EventStore } from './event-store/event-store.js';
import { ProjectionRegistry } from './event-store/projection.registry.js';
import { ProjectionRebuilder } from './event-store/projection.rebuilder.js';
import { GenericPlanReads } from './database/generic-plan-reads.js';
import { ErrorFilter } from './http/error.filter.js';
import { IdempotencyKeys } from './http/idempotency-keys.js';
import { IdempotencyGuard } from './http/idempotency.guard.js';
import { QueueModule } from './queue/queue.module.js';
import { RealtimeAudience } from './realtime/realtime.audience.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { LogPositionGuard } from './realtime/log-position.guard.js';
import { RealtimeHorizon } from './realtime/realtime.horizon.js';
import { RealtimeProcessor } from './realtime/realtime.processor.js';
import { RateLimitGuard } from './http/rate-limit.guard.js';
import { RateLimiters } from './http/rate-limiters.js';
import { SharedRedis } from './redis/shared-redis.js';
import { PinoLogger } from './logging/pino.logger.js';
import { FileLinks } from './storage/file-links.js';
import { FilesController } from './storage/files.controller.js';
import { StorageModule } from './storage/storage.module.js';
import { Clock } from './clock.js';

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
    // What the platform provides and every feature module may inject.
    const shared = [
      configProvider,
      Clock,
      GenericPlanReads,
      FileLinks,
      EventStore,
      ProjectionRegistry,
      ProjectionRebuilder,
      EventProcessorRunner,
      TokenService,
      CallerResolver,
      SharedRedis,
      RateLimiters,
      RateLimitGuard,
      IdempotencyKeys,
      PinoLogger,
      RealtimeAudience,
      RealtimeHorizon,
      RealtimeGateway,
    ];
    return {
      module: PlatformModule,
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: databaseUrl,
          autoLoadEntities: true,
          synchronize: false,
          migrations,
          migrationsRun: true,
          logging: false,
          // The product's queries are short and indexed: compiling them (JIT) costs more than running them.
          // The read tables are served from memory, where a page read at random costs about what a page read
          // in order does; at the default cost of 4 the planner read every client's search row for a common
          // name (17-22 ms) rather than go through the trigram index (4.5-7 ms).
          extra: { max: 20, options: '-c jit=off -c random_page_cost=1.1' },
        }),
        // A key object, made once: given the secret as text, the JWT library would try it as a public key
        // (and throw) before making a secret key of it, on every token it signs or checks.
        JwtModule.register({
          secret: createSecretKey(Buffer.from(config.jwtSecret)),
          signOptions: { algorithm: 'HS256' },
          verifyOptions: { algorithms: ['HS256'] },
        }),
        QueueModule,
        StorageModule,
      ],
      controllers: [FilesController],
      providers: [
        ...shared,
        RealtimeProcessor,
        // In this order: the log position is told to the caller the first guard signed in.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: LogPositionGuard },
        // Once the caller is known: a command sent again under its key is answered as it was the first time.
        { provide: APP_GUARD, useClass: IdempotencyGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      // The one signing key, for the short-lived links modules hand out (files, lender packages).
      exports: [...shared, QueueModule, StorageModule, JwtModule],
    };
  }
}
