import type { EntityManager } from 'typeorm';
import { outboxJobId } from './job-id.js';
import type { JobOutbox } from './job-outbox.js';
import {
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type JobRegistration,
  JobRegistry,
} from './job-queue.js';

/** What both drivers share: handlers by job name, and jobs recorded in PostgreSQL before anything runs. */
export abstract class RecordedJobQueue implements JobQueue {
  abstract readonly driver: JobQueue['driver'];
  protected readonly registry = new JobRegistry();

  constructor(protected readonly outbox: JobOutbox) {}

  register<T>(name: string, handler: JobHandler<T>, options?: JobRegistration<T>): void {
    this.registry.register(name, handler, options);
  }

  async add<T>(name: string, data: T, options: JobOptions, tx?: EntityManager): Promise<void> {
    const queue = this.registry.queueOf(name); // refuses a job nobody handles
    const delayMs = Math.max(0, Math.round(options.delayMs ?? 0));
    await this.outbox.record({ id: outboxJobId(name, options.jobId), name, queue, data, delayMs }, tx);
    if (!tx) this.wake(); // committed already; in a transaction, its owner wakes the queue after commit
  }

  abstract wake(): void;
  abstract flush(): Promise<number>;
  abstract unfinished(): Promise<number>;
  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;
}
