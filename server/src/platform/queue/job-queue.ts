import type { EntityManager } from 'typeorm';

export type JobHandler<T = unknown> = (data: T) => Promise<void>;

/** Called once when a job has failed for the whole retry window, with the last error's message. */
export type GiveUpHandler<T = unknown> = (data: T, reason: string) => Promise<void>;

export interface JobOptions {
  /** The same id added twice is one job: processors may enqueue an event's work more than once. */
  jobId: string;
  /** Runs the job no sooner than this many milliseconds after it is recorded (a delayed job). */
  delayMs?: number;
}

export interface JobRegistration<T = unknown> {
  /** Groups jobs (e.g. notifications, thumbnails) so each can be scaled and watched on its own. */
  queue?: string;
  /** Records that the job will never be done (e.g. `sms.failed`); without it the job is only logged. */
  onGaveUp?: GiveUpHandler<T>;
}

/**
 * Background work behind one interface, in process when no Redis is configured or as BullMQ jobs shared
 * by every instance when it is. `add` records the job in PostgreSQL, in the caller's transaction when it
 * passes one: the job is kept exactly when that transaction commits, and runs only after it has.
 */
export interface JobQueue {
  readonly driver: 'in-process' | 'bullmq';
  register<T>(name: string, handler: JobHandler<T>, options?: JobRegistration<T>): void;
  add<T>(name: string, data: T, options: JobOptions, tx?: EntityManager): Promise<void>;
  /** Jobs were recorded by a transaction that has just committed: start on them without waiting for the poll. */
  wake(): void;
  /** Works every job that is due now (in process) or hands it to Redis (BullMQ); answers how many it took. */
  flush(): Promise<number>;
  /** Jobs handed over and not finished yet: ready to run or running (not those waiting for their time). */
  unfinished(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

export const DEFAULT_QUEUE = 'notifications';

interface Registered {
  handler: JobHandler<unknown>;
  queue: string;
  onGaveUp: GiveUpHandler<unknown> | null;
}

export class JobRegistry {
  private readonly jobs = new Map<string, Registered>();

  register<T>(name: string, handler: JobHandler<T>, options: JobRegistration<T> = {}): void {
    if (this.jobs.has(name)) throw new Error(`Job "${name}" has two handlers`);
    this.jobs.set(name, {
      handler: handler as JobHandler<unknown>,
      queue: options.queue ?? DEFAULT_QUEUE,
      onGaveUp: (options.onGaveUp as GiveUpHandler<unknown> | undefined) ?? null,
    });
  }

  queueOf(name: string): string {
    return this.job(name).queue;
  }

  queueNames(): string[] {
    return [...new Set([...this.jobs.values()].map((job) => job.queue))];
  }

  handler(name: string): JobHandler<unknown> {
    return this.job(name).handler;
  }

  onGaveUp(name: string): GiveUpHandler<unknown> | null {
    return this.job(name).onGaveUp;
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  private job(name: string): Registered {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`Job "${name}" has no handler`);
    return job;
  }
}

/** Why a job failed, short enough to keep beside it. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500) || 'unknown error';
}
