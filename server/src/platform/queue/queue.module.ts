import {
  Global,
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { BullMqQueue } from './bullmq.queue.js';
import { InProcessQueue } from './in-process.queue.js';
import { JobOutbox } from './job-outbox.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';
import { RetryPolicy } from './retry-policy.js';

function createQueue(config: AppConfig, dataSource: DataSource): JobQueue {
  const outbox = new JobOutbox(dataSource);
  const { baseDelayMs, maxDelayMs, windowMs } = config.jobRetry;
  const retry = new RetryPolicy(baseDelayMs, maxDelayMs, windowMs);
  return config.redisUrl
    ? new BullMqQueue(config.redisUrl, config.redisPrefix, outbox, retry, config.runWorkers)
    : new InProcessQueue(outbox, retry, config.runWorkers);
}

@Global()
@Module({
  providers: [{ provide: JOB_QUEUE, inject: [APP_CONFIG, DataSource], useFactory: createQueue }],
  exports: [JOB_QUEUE],
})
export class QueueModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Handlers register while modules initialise; the worker starts only after all of them have.
  // Command-line tools (no processors) queue and run nothing.
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runProcessors) await this.queue.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.stop();
  }
}
