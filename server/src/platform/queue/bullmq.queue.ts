import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type JobOptions, type JobQueue, JobRegistry, RETRY } from './job-queue.js';

export const QUEUE_NAME = 'notifications';

/** BullMQ on Redis: jobs are shared by every instance, retried with exponential backoff, deduplicated by id. */
export class BullMqQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly registry = new JobRegistry();
  private readonly logger = new Logger('Jobs');
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly runWorker = true,
    private readonly retry = RETRY,
  ) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix });
    this.queue.on('error', (error) => this.logger.warn(`Queue: ${error.message}`));
  }

  register<T>(name: string, handler: (data: T) => Promise<void>): void {
    this.registry.register(name, handler);
  }

  async add<T>(name: string, data: T, options: JobOptions): Promise<void> {
    this.registry.handler(name); // refuse a job nobody handles before it reaches Redis
    await this.queue.add(name, data, {
      jobId: `${name}-${options.jobId}`.replace(/:/g, '-'),
      attempts: this.retry.attempts,
      backoff: { type: 'exponential', delay: this.retry.baseDelayMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async start(): Promise<void> {
    if (!this.runWorker || this.worker) return;
    this.worker = new Worker(QUEUE_NAME, (job) => this.registry.handler(job.name)(job.data), {
      connection: this.connection.duplicate({ maxRetriesPerRequest: null }),
      concurrency: 4,
      prefix: this.prefix,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`Job ${job?.name}:${job?.id} failed: ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.connection.disconnect();
  }
}
