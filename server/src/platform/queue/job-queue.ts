export type JobHandler<T = unknown> = (data: T) => Promise<void>;

export interface JobOptions {
  /** The same id added twice is one job: processors may enqueue an event's work more than once. */
  jobId: string;
}

/**
 * Background work behind one interface: run in this process when no Redis is configured, or as BullMQ
 * jobs shared by every instance when it is. `add` resolves once the job is safely accepted (in process:
 * once it has run), so a caller only moves on when the work cannot be lost.
 */
export interface JobQueue {
  readonly driver: 'in-process' | 'bullmq';
  /** `queue` groups jobs (e.g. notifications, thumbnails) so each can be scaled and watched on its own. */
  register<T>(name: string, handler: JobHandler<T>, queue?: string): void;
  add<T>(name: string, data: T, options: JobOptions): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

export const RETRY = { attempts: 6, baseDelayMs: 500 };

export const DEFAULT_QUEUE = 'notifications';

export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly queues = new Map<string, string>();

  register<T>(name: string, handler: JobHandler<T>, queue = DEFAULT_QUEUE): void {
    if (this.handlers.has(name)) throw new Error(`Job "${name}" has two handlers`);
    this.handlers.set(name, handler as JobHandler<unknown>);
    this.queues.set(name, queue);
  }

  queueOf(name: string): string {
    this.handler(name);
    return this.queues.get(name)!;
  }

  queueNames(): string[] {
    return [...new Set(this.queues.values())];
  }

  handler(name: string): JobHandler<unknown> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`Job "${name}" has no handler`);
    return handler;
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }
}
