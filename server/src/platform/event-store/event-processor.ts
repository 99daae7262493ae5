import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import { EventStore } from './event-store.js';
import type { StoredEvent } from './event.types.js';

/**
 * Work that follows the event log after commit. A durable processor keeps its checkpoint in PostgreSQL and
 * runs on one instance at a time (an advisory lock); it only records jobs, in the transaction that moves
 * its checkpoint (`tx`), and the jobs run after that commits, so a slow or failing job never holds the log.
 * A local processor (realtime pushes) follows the log from the moment this instance started.
 */
export interface EventProcessor {
  readonly name: string;
  readonly durable: boolean;
  /**
   * The events the processor acts on. A durable processor passes over a stretch of the log without any of
   * them without a transaction, and writes its checkpoint for such stretches now and then.
   */
  accepts?(event: StoredEvent): boolean;
  handle(event: StoredEvent, tx?: EntityManager): Promise<void>;
}

/** How far a processor is behind the log: events not handled yet, and how long the oldest has waited. */
export interface ProcessorLag {
  name: string;
  position: number;
  head: number;
  behind: number;
  oldestUnhandledSeconds: number;
}

const BATCH = 200;
// Events committed by this instance, kept for the processors so that following their own appends reads nothing.
const RECENT_EVENTS = 2000;
const LAG_EVERY_MS = 5000;
// How long `drain` waits for handed-over jobs to finish.
const DRAIN_JOB_WAIT_MS = 15_000;
const LAG_WARN_SECONDS = 30;
// About a minute and a half of tries (the backoff below) before an event that keeps failing is passed over.
const FAILURES_BEFORE_PASSING_OVER = 8;

interface Running {
  processor: EventProcessor;
  position: number;
  busy: boolean;
  again: boolean;
  failures: number;
  retryAt: number;
  /** The event that failed last and how often in a row: one that keeps failing is passed over. */
  failing: { position: number; times: number } | null;
  /** For a durable processor: passed over in memory beyond its stored checkpoint, written now and then. */
  passedOver: number;
  /** Events may have been committed that no notice told of: the next pass reads the log, head or not. */
  unread: boolean;
}

@Injectable()
export class EventProcessorRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventProcessors');
  private readonly running: Running[] = [];
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private unsubscribe: (() => void) | null = null;
  private lagTimer: NodeJS.Timeout | null = null;
  private lagSnapshot: ProcessorLag[] = [];
  private readonly lagWarnedAt = new Map<string, number>();
  private stopped = false;
  private readonly recent = new Map<number, StoredEvent>();
  /**
   * The highest position this instance knows committed: its own appends and the positions other instances'
   * notices carry. A processor at or past it has nothing to read, which spares the database a read per
   * processor on every append's wake-up.
   */
  private head = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  /** How far a registered processor has handled the log (0 before it starts). */
  positionOf(name: string): number {
    return this.running.find((run) => run.processor.name === name)?.position ?? 0;
  }

  register(processor: EventProcessor): void {
    if (this.running.some((r) => r.processor.name === processor.name)) {
      throw new Error(`Event processor "${processor.name}" is registered twice`);
    }
    this.running.push({
      processor,
      position: 0,
      busy: false,
      again: false,
      failures: 0,
      retryAt: 0,
      failing: null,
      passedOver: 0,
      unread: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Command-line tools (migrate, seed, rebuild) load the application but must not act on the log.
    if (!this.config.runProcessors) return;
    const [{ head }] = (await this.dataSource.query(
      'SELECT COALESCE(MAX(global_position), 0)::bigint AS head FROM events',
    )) as {
      head: string;
    }[];
    for (const run of this.running) {
      if (run.processor.durable) {
        await this.dataSource.query(
          'INSERT INTO processor_checkpoints (name, position) VALUES ($1, 0) ON CONFLICT DO NOTHING',
          [run.processor.name],
        );
        const [{ position }] = (await this.dataSource.query(
          'SELECT position FROM processor_checkpoints WHERE name = $1',
          [run.processor.name],
        )) as { position: string }[];
        run.position = Number(position);
      } else run.position = Number(head);
    }
    this.head = Number(head);
    this.unsubscribe = this.events.onAppended((events) => {
      this.remember(events);
      this.heard(Math.max(...events.map((e) => e.position)));
    });
    await this.listen();
    // Polling finds what a lost notice did not tell of.
    this.timer = setInterval(() => this.heard(null), this.config.processorPollMs);
    this.lagTimer = setInterval(() => void this.measureLag(), LAG_EVERY_MS);
    this.wake();
    await this.measureLag();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.lagTimer) clearInterval(this.lagTimer);
    this.unsubscribe?.();
    await this.listener?.end().catch(() => undefined);
    while (this.running.some((r) => r.busy)) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.storePassedOver();
  }

  /** Wakes the processors for a commit at `position`; for one not known (polling, a notice without it), all read. */
  private heard(position: number | null): void {
    if (position === null || !Number.isSafeInteger(position) || position <= 0)
      for (const run of this.running) run.unread = true;
    else this.head = Math.max(this.head, position);
    this.wake();
  }

  private remember(events: StoredEvent[]): void {
    for (const event of events) this.recent.set(event.position, event);
    // Maps iterate in insertion order: the oldest go first.
    for (const position of this.recent.keys()) {
      if (this.recent.size <= RECENT_EVENTS) break;
      this.recent.delete(position);
    }
  }

  /**
   * The committed events after `position`: from this instance's own recent appends when they follow on
   * without a gap (each one kept here has committed, and the batch stops at the first position not kept),
   * otherwise from the database.
   */
  private async after(run: Running, position: number, tx?: EntityManager): Promise<StoredEvent[]> {
    const batch: StoredEvent[] = [];
    for (let next = position + 1; batch.length < BATCH; next++) {
      const event = this.recent.get(next);
      if (!event) break;
      batch.push(event);
    }
    if (batch.length > 0) return batch;
    if (position >= this.head && !run.unread) return [];
    run.unread = false;
    return this.events.readCommittedAfter(position, BATCH, tx);
  }

  /** Writes the checkpoints of stretches passed over in memory; checkpoints only move forward. */
  private async storePassedOver(): Promise<void> {
    for (const run of this.running) {
      if (!run.processor.durable || run.passedOver === 0) continue;
      const position = run.passedOver;
      await this.dataSource
        .query(
          'UPDATE processor_checkpoints SET position = $2, updated_at = now() WHERE name = $1 AND position < $2',
          [run.processor.name, position],
        )
        .then(
          () => {
            if (run.passedOver === position) run.passedOver = 0;
          },
          (error: Error) =>
            this.logger.warn(`Cannot store ${run.processor.name}'s checkpoint: ${error.message}`),
        );
    }
  }

  /**
   * Runs every processor until it has caught up, and the jobs they recorded that are due; used by tests and
   * tools that need the side effects now.
   */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      while (this.running.some((r) => r.busy)) await new Promise((resolve) => setTimeout(resolve, 10));
      let progressed = false;
      for (const run of this.running) {
        run.retryAt = 0;
        // What other instances committed counts too, notice or not.
        run.unread = true;
        // A pass that a wake-up began meanwhile may stop short of what was appended since: look again after it.
        if (run.busy || (await this.tick(run)) > 0) progressed = true;
      }
      if ((await this.queue.flush()) > 0) progressed = true;
      if (await this.jobsFinished()) progressed = true;
      if (!progressed) return;
    }
  }

  /**
   * Waits for the jobs handed over to finish (BullMQ runs them in a worker, maybe another instance's), since
   * what they append is part of what `drain`'s caller waits for. Answers whether some finished meanwhile;
   * stops waiting after a while, for jobs that no worker takes.
   */
  private async jobsFinished(): Promise<boolean> {
    const deadline = Date.now() + DRAIN_JOB_WAIT_MS;
    let waited = false;
    for (;;) {
      if ((await this.queue.unfinished()) === 0) return waited;
      if (Date.now() >= deadline) return false;
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Marks the log up to `position` as handled by every durable processor: for a history imported in bulk
   * whose side effects belong to the past (the benchmark's generated brokerage), so nothing is sent for it.
   */
  async markHandledUpTo(position: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO processor_checkpoints (name, position) SELECT unnest($1::text[]), $2
       ON CONFLICT (name) DO UPDATE SET position = GREATEST(processor_checkpoints.position, EXCLUDED.position), updated_at = now()`,
      [this.running.filter((r) => r.processor.durable).map((r) => r.processor.name), position],
    );
  }

  /** The lag measured last (every few seconds), for `/health`. */
  lag(): readonly ProcessorLag[] {
    return this.lagSnapshot;
  }

  /** Measures each processor's lag, and logs the ones far behind. */
  async measureLag(): Promise<readonly ProcessorLag[]> {
    await this.storePassedOver();
    try {
      const [{ head }] = (await this.dataSource.query(
        'SELECT COALESCE(MAX(global_position), 0)::bigint AS head FROM events',
      )) as { head: string }[];
      const checkpoints = (await this.dataSource.query(
        'SELECT name, position FROM processor_checkpoints WHERE name = ANY($1)',
        [this.running.filter((r) => r.processor.durable).map((r) => r.processor.name)],
      )) as { name: string; position: string }[];
      const snapshot: ProcessorLag[] = [];
      for (const run of this.running) {
        const name = run.processor.name;
        const checkpoint = checkpoints.find((c) => c.name === name);
        const position = run.processor.durable ? Number(checkpoint?.position ?? 0) : run.position;
        const [oldest] = (await this.dataSource.query(
          `SELECT extract(epoch FROM now() - created_at)::float AS age FROM events
            WHERE global_position > $1 ORDER BY global_position LIMIT 1`,
          [position],
        )) as { age: number }[];
        const lag = {
          name,
          position,
          head: Number(head),
          behind: Math.max(0, Number(head) - position),
          oldestUnhandledSeconds: Math.max(0, Math.round(oldest?.age ?? 0)),
        };
        snapshot.push(lag);
        this.warnIfBehind(lag);
      }
      this.lagSnapshot = snapshot;
    } catch (error) {
      this.logger.warn(`Cannot measure processor lag: ${(error as Error).message}`);
    }
    return this.lagSnapshot;
  }

  private warnIfBehind(lag: ProcessorLag): void {
    if (lag.oldestUnhandledSeconds < LAG_WARN_SECONDS) return;
    const last = this.lagWarnedAt.get(lag.name) ?? 0;
    if (Date.now() - last < 60_000) return;
    this.lagWarnedAt.set(lag.name, Date.now());
    this.logger.warn(
      `${lag.name} is ${lag.behind} positions behind; the oldest unhandled event waits for ${lag.oldestUnhandledSeconds} s`,
    );
  }

  // Appends on other instances wake this one through PostgreSQL's NOTIFY.
  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    if (!options.url) return;
    try {
      const client = new pg.Client({ connectionString: options.url });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (notice) => this.heard(notice.payload ? Number(notice.payload) : null));
      await client.query('LISTEN events_appended');
      this.listener = client;
    } catch (error) {
      this.logger.warn(`Cannot listen for appends; polling only: ${(error as Error).message}`);
    }
  }

  private wake(): void {
    if (this.stopped) return;
    for (const run of this.running) {
      if (run.busy) {
        run.again = true;
        continue;
      }
      if (Date.now() < run.retryAt) continue;
      void this.loop(run);
    }
  }

  private async loop(run: Running): Promise<void> {
    do {
      run.again = false;
      while (!this.stopped && (await this.tick(run)) === BATCH);
    } while (run.again && !this.stopped && Date.now() >= run.retryAt);
  }

  /**
   * Moves a durable processor past the events after its position when none of them is one it acts on: no
   * transaction and no lock, since nothing is to be done for them; the checkpoint follows now and then.
   * Answers how many events it passed over, or null when an event it acts on follows: that needs the
   * transaction.
   */
  private async passOver(run: Running): Promise<number | null> {
    if (!run.processor.accepts) return null;
    const batch = await this.after(run, run.position);
    const firstAccepted = batch.findIndex((event) => run.processor.accepts!(event));
    const passable = firstAccepted === -1 ? batch : batch.slice(0, firstAccepted);
    if (passable.length > 0) {
      run.position = passable.at(-1)!.position;
      run.passedOver = run.position;
    }
    return firstAccepted === -1 ? passable.length : null;
  }

  /** Handles one batch; answers how many events it moved past. */
  private async tick(run: Running): Promise<number> {
    if (run.busy) return 0;
    run.busy = true;
    try {
      const moved = run.processor.durable ? await this.tickDurable(run) : await this.tickLocal(run);
      run.failures = 0;
      return moved;
    } catch (error) {
      run.failures++;
      run.retryAt = Date.now() + Math.min(30_000, 250 * 2 ** Math.min(run.failures, 7));
      this.logger.warn(`${run.processor.name} will retry: ${(error as Error).message}`);
      return 0;
    } finally {
      run.busy = false;
    }
  }

  private async tickLocal(run: Running): Promise<number> {
    const batch = await this.after(run, run.position);
    for (const event of batch) {
      await this.handle(run, event);
      run.position = event.position;
    }
    return batch.length;
  }

  /**
   * Handles one event. One that keeps failing while the database answers is logged and passed over, so
   * it cannot hold back every later event (for a durable processor the skip only counts if the checkpoint
   * then commits, so a database outage never skips anything).
   */
  private async handle(run: Running, event: StoredEvent, tx?: EntityManager): Promise<void> {
    try {
      await run.processor.handle(event, tx);
      if (run.failing?.position === event.position) run.failing = null;
    } catch (error) {
      const times = run.failing?.position === event.position ? run.failing.times + 1 : 1;
      run.failing = { position: event.position, times };
      if (times < FAILURES_BEFORE_PASSING_OVER) throw error;
      this.logger.error(
        `${run.processor.name} passes over event ${event.position} (${event.type}) after ${times} failures: ${(error as Error).message}`,
      );
    }
  }

  private async tickDurable(run: Running): Promise<number> {
    const passed = await this.passOver(run);
    if (passed !== null) return passed;
    const name = run.processor.name;
    // Progress is committed even when an event fails, so the events before it are not handled twice.
    const outcome = await this.dataSource.transaction(async (tx) => {
      const [{ locked }] = (await tx.query(
        "SELECT pg_try_advisory_xact_lock(hashtext('processor:' || $1)) AS locked",
        [name],
      )) as {
        locked: boolean;
      }[];
      if (!locked) return { moved: 0, failure: null, done: undefined }; // another instance is on it
      const [{ position }] = (await tx.query('SELECT position FROM processor_checkpoints WHERE name = $1', [
        name,
      ])) as {
        position: string;
      }[];
      // Never behind what this instance already passed over in memory.
      const from = Math.max(Number(position), run.position);
      const batch = await this.after(run, from, tx);
      let done = from;
      let failure: unknown = null;
      for (const event of batch) {
        try {
          if (run.processor.accepts?.(event) ?? true) await this.handle(run, event, tx);
          done = event.position;
        } catch (error) {
          failure = error;
          break;
        }
      }
      if (done > Number(position)) {
        await tx.query('UPDATE processor_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [
          name,
          done,
        ]);
      }
      return { moved: batch.length, failure, done };
    });
    if (outcome.done !== undefined) run.position = Math.max(run.position, outcome.done);
    // The jobs recorded with the checkpoint start now that they are committed.
    if (outcome.moved > 0) this.queue.wake();
    if (outcome.failure) throw outcome.failure;
    return outcome.moved;
  }
}
