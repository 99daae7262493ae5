import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { type JobOptions, type JobQueue, JobRegistry, RETRY } from './job-queue.js';

/**
 * Runs each job at once, retrying with exponential backoff. If every attempt fails, `add` rejects, so the
 * event processor keeps its checkpoint and tries again later: nothing is dropped.
 */
export class InProcessQueue implements JobQueue {
  readonly driver = 'in-process' as const;
  private readonly registry = new JobRegistry();
  private readonly logger = new Logger('Jobs');
  private readonly done = new Set<string>();
  private stopped = false;

  constructor(private readonly retry = RETRY) {}

  register<T>(name: string, handler: (data: T) => Promise<void>, queue?: string): void {
    this.registry.register(name, handler, queue);
  }

  async add<T>(name: string, data: T, options: JobOptions): Promise<void> {
    const handler = this.registry.handler(name);
    const key = `${name}:${options.jobId}`;
    if (this.done.has(key)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await handler(data);
        this.done.add(key);
        if (this.done.size > 10_000) this.done.clear();
        return;
      } catch (error) {
        if (attempt >= this.retry.attempts || this.stopped) throw error;
        this.logger.warn(`Job ${key} failed (attempt ${attempt}): ${(error as Error).message}`);
        await sleep(this.retry.baseDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.stopped = true;
  }
}
