import { Logger } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobOutbox } from './job-outbox.js';
import { failureReason } from './job-queue.js';
import { RecordedJobQueue } from './recorded-job-queue.js';
import type { RetryPolicy } from './retry-policy.js';

const BACKOFF = 'capped-exponential';
// Tries are bounded by the retry window, not by a count.
const UNBOUNDED_ATTEMPTS = 1_000_000;
const RELAY_BATCH = 100;
// Delayed jobs go to Redis at once and wait there (BullMQ's own delay), up to a year ahead.
const RELAY_AHEAD_MS = 366 * 24 * 3600 * 1000;

/** Answers whether `work` settled within `ms`; it is left to settle, or not, on its own. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * BullMQ on Redis, shared by every instance. Jobs are first recorded in PostgreSQL with the checkpoint
 * that caused them, then relayed to Redis after commit (deduplicated by job id), so a Redis outage only
 * delays them. A worker that dies loses its job lock within seconds and another worker takes the job up.
 */
export class BullMqQueue extends RecordedJobQueue {
  readonly driver = 'bullmq' as const;
  private readonly logger = new Logger('Jobs');
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];
  // Jobs taken and not yet recorded in Redis as completed or failed, by id.
  private readonly underway = new Map<string, { recorded: Promise<void>; settle: () => void }>();
  private timer: NodeJS.Timeout | null = null;
  private relaying: Promise<number> | null = null;
  private relayAgain = false;
  private stopped = false;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    outbox: JobOutbox,
    private readonly retry: RetryPolicy,
    private readonly runWorker = true,
    private readonly settings = {
      concurrency: 4,
      relayPollMs: 1000,
      lockDurationMs: 10_000,
      // How long stopping waits for jobs under way before it lets go of them; another worker takes
      // them up once their lock lapses, and jobs check what was already done before acting.
      stopGraceMs: 10_000,
    },
  ) {
    super(outbox);
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  wake(): void {
    if (this.timer && !this.stopped) void this.relay();
  }

  async flush(): Promise<number> {
    let taken = 0;
    for (let moved = await this.relay(); moved > 0; moved = await this.relay()) taken += moved;
    return taken;
  }

  async unfinished(): Promise<number> {
    const counts = await Promise.all(
      [...this.queues.values()].map((queue) => queue.getJobCounts('waiting', 'prioritized', 'active')),
    );
    return counts.flatMap((count) => Object.values(count)).reduce((sum, n) => sum + n, 0);
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.settings.relayPollMs);
    this.wake();
    if (!this.runWorker) return;
    for (const name of this.registry.queueNames()) {
      // A connection handed to BullMQ stays ours to close.
      const connection = this.connection.duplicate({ maxRetriesPerRequest: null });
      this.workerConnections.push(connection);
      const worker = new Worker(name, (job) => this.process(job), {
        connection,
        concurrency: this.settings.concurrency,
        prefix: this.prefix,
        // A job whose worker died is noticed within seconds (the defaults wait up to a minute)...
        lockDuration: this.settings.lockDurationMs,
        stalledInterval: this.settings.lockDurationMs / 2,
        // ...and a crash is not a reason to drop it: jobs check what was already done before acting.
        maxStalledCount: 10,
        settings: { backoffStrategy: (attemptsMade: number) => this.retry.delayAfter(attemptsMade) },
      });
      worker.on('completed', (job) => this.settle(job.id));
      worker.on('failed', (job, error) => {
        this.settle(job?.id);
        this.logger.warn(
          `Job ${job?.name}:${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`,
        );
      });
      worker.on('error', (error) => this.logger.warn(`Worker ${name}: ${error.message}`));
      this.workers.push(worker);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    // Workers take no more jobs, and those under way get a while to finish.
    await Promise.all(this.workers.map((worker) => worker.pause(true)));
    const recorded = [...this.underway.values()].map((job) => job.recorded);
    if (!(await settlesWithin(Promise.all(recorded), this.settings.stopGraceMs)))
      this.logger.warn(
        `${this.underway.size} jobs still running after ${this.settings.stopGraceMs} ms; letting them go`,
      );
    // Forced, since BullMQ's own wait for jobs never ends when a worker's blocking connection is between
    // two tries to reconnect after an outage (it waits for an 'end' that ioredis does not emit then).
    await Promise.all(this.workers.map((worker) => worker.close(true)));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.workerConnections.forEach((connection) => connection.disconnect());
    this.connection.disconnect();
    await this.relaying?.catch(() => 0);
  }

  private take(id: string): void {
    let settle = () => {};
    const recorded = new Promise<void>((resolve) => (settle = resolve));
    this.underway.set(id, { recorded, settle });
  }

  private settle(id: string | undefined): void {
    if (id === undefined) return;
    this.underway.get(id)?.settle();
    this.underway.delete(id);
  }

  private async process(job: Job): Promise<void> {
    if (job.id) this.take(job.id);
    try {
      await this.registry.handler(job.name)(job.data);
    } catch (error) {
      const reason = failureReason(error);
      const attemptsMade = job.attemptsMade + 1;
      if (!this.retry.givesUp(Date.now() - job.timestamp, attemptsMade)) throw error;
      this.logger.error(`Job ${job.name}:${job.id} gave up after ${attemptsMade} attempts: ${reason}`);
      // Recorded as failed by its owner; the job itself completes, so it is not tried again.
      await this.registry.onGaveUp(job.name)?.(job.data, reason);
    }
  }

  /** Hands recorded jobs to Redis; one pass at a time in this instance. Answers how many it moved. */
  private relay(): Promise<number> {
    if (this.relaying) {
      this.relayAgain = true;
      return this.relaying;
    }
    this.relaying = (async () => {
      let moved = 0;
      try {
        do {
          this.relayAgain = false;
          for (let batch = await this.relayBatch(); batch > 0; batch = await this.relayBatch())
            moved += batch;
        } while (this.relayAgain && !this.stopped);
      } catch (error) {
        this.logger.warn(`Cannot hand jobs to Redis yet: ${(error as Error).message}`);
      } finally {
        this.relaying = null;
      }
      return moved;
    })();
    return this.relaying;
  }

  private async relayBatch(): Promise<number> {
    if (this.stopped) return 0;
    const jobs = await this.outbox.claim(this.registry.queueNames(), RELAY_BATCH, RELAY_AHEAD_MS);
    for (const [index, job] of jobs.entries()) {
      try {
        // The same id is one job in Redis, so a job relayed twice (a crash after adding it) runs once.
        await this.queue(job.queue).add(job.name, job.data, {
          jobId: job.id,
          ...(job.delayMs > 0 ? { delay: job.delayMs } : {}),
          attempts: UNBOUNDED_ATTEMPTS,
          backoff: { type: BACKOFF },
          removeOnComplete: { age: 24 * 3600, count: 10_000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        });
      } catch (error) {
        // Redis refused: the rest are left for the next pass rather than held for their lease.
        await Promise.all(jobs.slice(index).map((left) => this.outbox.release(left.id)));
        throw error;
      }
      await this.outbox.remove(job.id);
    }
    return jobs.length;
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
}
