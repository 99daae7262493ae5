import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type JobOptions, type JobQueue, JobRegistry, RETRY } from './job-queue.js';

/** BullMQ on Redis: jobs are shared by every instance, retried with exponential backoff, deduplicated by id. */
export class BullMqQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly registry = new JobRegistry();
  private readonly logger = new Logger('Jobs');
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly runWorker = true,
    private readonly retry = RETRY,
  ) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (error) => this.logger.warn(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  register<T>(name: string, handler: (data: T) => Promise<void>, queue?: string): void {
    this.registry.register(name, handler, queue);
  }

  async add<T>(name: string, data: T, options: JobOptions): Promise<void> {
    // Refuses a job nobody handles before it reaches Redis.
    await this.queue(this.registry.queueOf(name)).add(name, data, {
      jobId: `${name}-${options.jobId}`.replace(/:/g, '-'),
      attempts: this.retry.attempts,
      backoff: { type: 'exponential', delay: this.retry.baseDelayMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async start(): Promise<void> {
    if (!this.runWorker || this.workers.length > 0) return;
    for (const name of this.registry.queueNames()) {
      const worker = new Worker(name, (job) => this.registry.handler(job.name)(job.data), {
        connection: this.connection.duplicate({ maxRetriesPerRequest: null }),
        concurrency: 4,
        prefix: this.prefix,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn(`Job ${job?.name}:${job?.id} failed: ${error.message}`),
      );
      worker.on('error', (error) => this.logger.warn(`Worker ${name}: ${error.message}`));
      this.workers.push(worker);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.connection.disconnect();
  }
}
