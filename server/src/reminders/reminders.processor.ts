import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../platform/clock.js';
import type { CustomerNotificationRequested, CustomerStatusChanged } from '../customers/customer.events.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { EventProcessorRunner, type EventProcessor } from '../platform/event-store/event-processor.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import type { ReminderScheduled } from './reminders.events.js';
import { FINISHED_STATUSES, RemindersService } from './reminders.service.js';

export const SEND_REMINDER_JOB = 'document-reminder';

export interface SendReminderJobData {
  customerId: string;
  number: number;
  at: string;
}

/** The events after which a client's next reminder may have moved. */
const RESCHEDULING_TYPES = new Set([
  'customer.notification_requested',
  'customer.status_changed',
  'customer.deleted',
  'form.created',
  'form.fields_saved',
  'form.archived',
  'form_file.uploaded',
  'form_file.status_changed',
  'brokerage.settings_changed',
  'reminders.started',
  'reminder.sent',
  'reminders.paused',
  'reminders.resumed',
  'reminders.schedule_changed',
]);

/**
 * Whether a client's status change can move their next reminder: only one into or out of a finished status
 * (reminders stop there). Any other leaves every fact the schedule is made of as it was, and is passed over
 * without reading the client again.
 */
export function statusChangeMovesReminders(event: CustomerStatusChanged): boolean {
  const { from, to } = event.data;
  return FINISHED_STATUSES.includes(from) !== FINISHED_STATUSES.includes(to);
}

/** How often due reminders are looked for in the read table, in case their job is gone. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Follows the log from a durable checkpoint. After each event that can move a client's next reminder it
 * records the new time (`reminder.scheduled`, decided as things are then); each recorded time becomes a
 * delayed job, in the transaction that moves the checkpoint, keyed by client, number and time, so the
 * same time is one job. The job sends the reminder only if it is still the one scheduled. At start and
 * every minute the due reminders in `document_reminders` are queued again, so a lost job loses nothing.
 */
@Injectable()
export class RemindersProcessor
  implements EventProcessor, OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  readonly name = 'document-reminders';
  readonly durable = true;
  private readonly logger = new Logger('Reminders');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly runner: EventProcessorRunner,
    private readonly reminders: RemindersService,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.runner.register(this);
    // A queue of their own: reminders wait days, and never stand in the way of a text that is due now.
    this.queue.register<SendReminderJobData>(SEND_REMINDER_JOB, (job) => this.reminders.sendDue(job), {
      queue: 'reminders',
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runProcessors) return;
    await this.sweep().catch((error: Error) =>
      this.logger.warn(`Cannot look for due reminders: ${error.message}`),
    );
    this.timer = setInterval(
      () =>
        void this.sweep().catch((error: Error) =>
          this.logger.warn(`Cannot look for due reminders: ${error.message}`),
        ),
      SWEEP_EVERY_MS,
    );
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  accepts(event: StoredEvent): boolean {
    if (event.type === 'customer.status_changed')
      return statusChangeMovesReminders(event as unknown as CustomerStatusChanged);
    return event.type === 'reminder.scheduled' || RESCHEDULING_TYPES.has(event.type);
  }

  async handle(event: StoredEvent, tx?: EntityManager): Promise<void> {
    if (event.type === 'reminder.scheduled') {
      const { customerId, number, at } = (event as unknown as ReminderScheduled).data;
      if (at) await this.enqueue({ customerId, number, at }, '', tx);
      return;
    }
    if (event.type === 'customer.notification_requested') {
      const { notifyType } = (event as unknown as CustomerNotificationRequested).data;
      if (notifyType !== 'form_sent') return;
      await this.reminders.start(event.streamId, event.createdAt);
    }
    for (const customerId of await this.customersOf(event)) await this.reminders.reschedule(customerId);
  }

  /** Queues every reminder whose time has come (by the clock) and that is not paused; returns how many. */
  async sweep(): Promise<number> {
    const rows: { customer_id: string; next_number: number; next_at: Date }[] = await this.dataSource.query(
      `SELECT customer_id, next_number, next_at FROM document_reminders
        WHERE next_at IS NOT NULL AND next_at <= $1 AND NOT paused`,
      [this.clock.now()],
    );
    for (const row of rows)
      await this.enqueue(
        { customerId: row.customer_id, number: row.next_number, at: row.next_at.toISOString() },
        '-due',
      );
    return rows.length;
  }

  private async enqueue(job: SendReminderJobData, suffix: string, tx?: EntityManager): Promise<void> {
    const at = Date.parse(job.at);
    await this.queue.add<SendReminderJobData>(
      SEND_REMINDER_JOB,
      job,
      { jobId: `${job.customerId}-${job.number}-${at}${suffix}`, delayMs: at - this.clock.now().getTime() },
      tx,
    );
  }

  private async customersOf(event: StoredEvent): Promise<string[]> {
    if (event.type === 'brokerage.settings_changed') {
      const rows: { customer_id: string }[] = await this.dataSource.query(
        'SELECT customer_id FROM document_reminders WHERE form_sent_at IS NOT NULL',
      );
      return rows.map((row) => row.customer_id);
    }
    if (event.streamType === 'customer' || event.streamType === 'document_reminders') return [event.streamId];
    const data = (event.data ?? {}) as { customerId?: unknown };
    if (typeof data.customerId !== 'string') return [];
    // Only clients whose reminders have started can have a reminder to move.
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM document_reminders WHERE customer_id = $1',
      [data.customerId],
    );
    return rows.length > 0 ? [data.customerId] : [];
  }
}
