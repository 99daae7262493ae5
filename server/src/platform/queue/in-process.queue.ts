import { Logger } from '@nestjs/common';
import type { JobOutbox, OutboxJob } from './job-outbox.js';
import { failureReason } from './job-queue.js';
import { RecordedJobQueue } from './recorded-job-queue.js';
import type { RetryPolicy } from './retry-policy.js';

interface Worked {
  queue: string;
  done: Promise<void>;
}

/**
 * Works the `jobs` table in this process: due jobs are claimed for a lease and run outside any transaction,
 * a few at a time per queue. A failing job is put back with backoff while the others go on; once its retry
 * window has passed it is given up (and recorded as failed by its owner).
 */
export class InProcessQueue extends RecordedJobQueue {
  readonly driver = 'in-process' as const;
  private readonly logger = new Logger('Jobs');
  private readonly working = new Map<string, Worked>();
  private timers: NodeJS.Timeout[] = [];
  private started = false;
  private stopped = false;
  // The pass claiming due jobs, while one runs: the jobs it took are not yet in `working`.
  private claiming: Promise<void> | null = null;
  private claimAgain = false;

  constructor(
    outbox: JobOutbox,
    private readonly retry: RetryPolicy,
    private readonly runWorker = true,
    private readonly settings = { concurrency: 4, pollMs: 1000 },
  ) {
    super(outbox);
  }

  wake(): void {
    if (this.started && !this.stopped) void this.claimDue();
  }

  async unfinished(): Promise<number> {
    await this.claiming;
    return this.working.size;
  }

  async flush(): Promise<number> {
    let taken = 0;
    // Bounded: a job that fails and is due again at once must not keep the caller here.
    for (let round = 0; round < 100; round++) {
      const jobs = await this.outbox.claim(this.registry.queueNames(), 50);
      jobs.forEach((job) => this.work(job));
      // Jobs a wake-up claimed meanwhile are not ours to claim, but are waited for all the same.
      await this.claiming;
      const running = [...this.working.values()];
      await Promise.all(running.map((worked) => worked.done));
      if (running.length === 0) break;
      taken += running.length;
    }
    return taken;
  }

  async start(): Promise<void> {
    if (!this.runWorker || this.started) return;
    this.started = true;
    this.timers = [
      setInterval(() => this.wake(), this.settings.pollMs),
      // A job that runs long keeps its claim; one whose instance died is taken up once the lease runs out.
      setInterval(
        () =>
          void this.outbox
            .renew([...this.working.keys()])
            .catch((error: Error) => this.logger.warn(`Cannot renew job leases: ${error.message}`)),
        Math.max(1000, Math.floor(this.outbox.leaseMs / 3)),
      ),
    ];
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((timer) => clearInterval(timer));
    // A claim under way may still start the jobs it took: they are waited for as well.
    await this.claiming;
    await Promise.all([...this.working.values()].map((worked) => worked.done));
  }

  private claimDue(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    this.claiming = this.claimPasses().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  private async claimPasses(): Promise<void> {
    try {
      do {
        this.claimAgain = false;
        for (const queue of this.registry.queueNames()) {
          const free =
            this.settings.concurrency - [...this.working.values()].filter((w) => w.queue === queue).length;
          if (free > 0 && !this.stopped)
            (await this.outbox.claim([queue], free)).forEach((job) => this.work(job));
        }
      } while (this.claimAgain && !this.stopped);
    } catch (error) {
      this.logger.warn(`Cannot claim jobs: ${(error as Error).message}`);
    }
  }

  private work(job: OutboxJob): void {
    const done = this.run(job).finally(() => {
      this.working.delete(job.id);
      this.wake();
    });
    this.working.set(job.id, { queue: job.queue, done });
  }

  private async run(job: OutboxJob): Promise<void> {
    try {
      await this.registry.handler(job.name)(job.data);
      await this.outbox.remove(job.id);
      return;
    } catch (error) {
      await this.failed(job, failureReason(error)).catch((recordError: Error) =>
        // The lease runs out and the job is tried again; its handler knows what was already done.
        this.logger.warn(`Job ${job.id} failed and could not be put back: ${recordError.message}`),
      );
    }
  }

  private async failed(job: OutboxJob, reason: string): Promise<void> {
    if (!this.retry.givesUp(job.ageMs, job.attempts)) {
      const delay = this.retry.delayAfter(job.attempts);
      this.logger.warn(`Job ${job.id} failed (attempt ${job.attempts}), next try in ${delay} ms: ${reason}`);
      await this.outbox.retryLater(job.id, delay, reason);
      return;
    }
    this.logger.error(`Job ${job.id} gave up after ${job.attempts} attempts: ${reason}`);
    await this.registry.onGaveUp(job.name)?.(job.data, reason);
    await this.outbox.remove(job.id);
  }
}
