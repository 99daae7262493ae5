import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EventStore } from './event-store.js';
import type { StoredEvent } from './event.types.js';

/**
 * Work that follows the event log after commit. A durable processor keeps its checkpoint in PostgreSQL and
 * runs on one instance at a time (an advisory lock), so each event is handled at least once across restarts
 * and outages. A local processor (realtime pushes) follows the log from the moment this instance started.
 */
export interface EventProcessor {
  readonly name: string;
  readonly durable: boolean;
  handle(event: StoredEvent): Promise<void>;
}

const BATCH = 200;

interface Running {
  processor: EventProcessor;
  position: number;
  busy: boolean;
  again: boolean;
  failures: number;
  retryAt: number;
}

@Injectable()
export class EventProcessorRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventProcessors');
  private readonly running: Running[] = [];
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(processor: EventProcessor): void {
    if (this.running.some((r) => r.processor.name === processor.name)) {
      throw new Error(`Event processor "${processor.name}" is registered twice`);
    }
    this.running.push({ processor, position: 0, busy: false, again: false, failures: 0, retryAt: 0 });
  }

  async onApplicationBootstrap(): Promise<void> {
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
      } else run.position = Number(head);
    }
    this.unsubscribe = this.events.onAppended(() => this.wake());
    await this.listen();
    this.timer = setInterval(() => this.wake(), this.config.processorPollMs);
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.listener?.end().catch(() => undefined);
    while (this.running.some((r) => r.busy)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Runs every processor until it has caught up; used by tests and tools that need the side effects now. */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      while (this.running.some((r) => r.busy)) await new Promise((resolve) => setTimeout(resolve, 10));
      let progressed = false;
      for (const run of this.running) {
        run.retryAt = 0;
        if ((await this.tick(run)) > 0) progressed = true;
      }
      if (!progressed) return;
    }
  }

  // Appends on other instances wake this one through PostgreSQL's NOTIFY.
  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    if (!options.url) return;
    try {
      const client = new pg.Client({ connectionString: options.url });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', () => this.wake());
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
    const batch = await this.events.readCommittedAfter(run.position, BATCH);
    for (const event of batch) {
      await run.processor.handle(event);
      run.position = event.position;
    }
    return batch.length;
  }

  private async tickDurable(run: Running): Promise<number> {
    const name = run.processor.name;
    // Progress is committed even when an event fails, so the events before it are not handled twice.
    const outcome = await this.dataSource.transaction(async (tx) => {
      const [{ locked }] = (await tx.query(
        "SELECT pg_try_advisory_xact_lock(hashtext('processor:' || $1)) AS locked",
        [name],
      )) as {
        locked: boolean;
      }[];
      if (!locked) return { moved: 0, failure: null }; // another instance is on it
      const [{ position }] = (await tx.query('SELECT position FROM processor_checkpoints WHERE name = $1', [
        name,
      ])) as {
        position: string;
      }[];
      const batch = await this.events.readCommittedAfter(Number(position), BATCH, tx);
      let done = Number(position);
      let failure: unknown = null;
      for (const event of batch) {
        try {
          await run.processor.handle(event);
          done = event.position;
        } catch (error) {
          failure = error;
          break;
        }
      }
      if (done !== Number(position)) {
        await tx.query('UPDATE processor_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [
          name,
          done,
        ]);
      }
      return { moved: batch.length, failure };
    });
    if (outcome.failure) throw outcome.failure;
    return outcome.moved;
  }
}
