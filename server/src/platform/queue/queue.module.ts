import {
  Global,
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { BullMqQueue } from './bullmq.queue.js';
import { InProcessQueue } from './in-process.queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';

@Global()
@Module({
  providers: [
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl
          ? new BullMqQueue(config.redisUrl, config.redisPrefix, config.runWorkers)
          : new InProcessQueue(),
    },
  ],
  exports: [JOB_QUEUE],
})
export class QueueModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  // Handlers register while modules initialise; the worker starts only after all of them have.
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.stop();
  }
}
