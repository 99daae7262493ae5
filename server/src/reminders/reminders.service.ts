import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { nextReminderAt, type ReminderFacts, type ReminderSchedule } from '../../../machines/reminders.js';
import type { BrokerageSettings } from '../../../machines/brokerage.js';
import { Clock } from '../platform/clock.js';
import { BrokerageSettingsService } from '../brokerage/brokerage-settings.service.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { type EventMetadata, SYSTEM_METADATA } from '../platform/event-store/event.types.js';
import { type RemindersCommand, remindersDecider, type RemindersState } from './reminders.decider.js';
import { type MissingDocument, REMINDERS_STREAM } from './reminders.events.js';

/** Statuses after which a client is not reminded of documents any more. */
export const FINISHED_STATUSES = ['funded', 'closed', 'cancelled'];

export interface ReminderRecipient {
  id: string;
  user_id: string | null;
  first_name: string;
  email: string;
  phone_number: string;
  status: string;
  form_code: string | null;
}

/** Where a client's reminders stand, as staff see it. */
export interface RemindersStanding {
  state: RemindersState;
  recipient: ReminderRecipient | null;
  missing: MissingDocument[];
  brokerage: BrokerageSettings;
  schedule: ReminderSchedule;
}

export function brokerageSchedule(b: BrokerageSettings): ReminderSchedule {
  return {
    firstDelayDays: b.reminderFirstDelayDays,
    intervalDays: b.reminderIntervalDays,
    maxCount: b.reminderMaxCount,
  };
}

/**
 * Reads what a client's reminders depend on (the client, what is missing from the active form, the
 * brokerage's schedule and time zone) and runs the reminders decider with it.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly events: EventStore,
    private readonly dataSource: DataSource,
    private readonly brokerage: BrokerageSettingsService,
    private readonly customers: CustomersService,
    private readonly clock: Clock,
  ) {}

  async recipient(customerId: string): Promise<ReminderRecipient | null> {
    const rows: ReminderRecipient[] = await this.dataSource.query(
      `SELECT c.id, c.user_id, c.first_name, c.email, c.phone_number, c.status,
              (SELECT fo.code FROM forms fo WHERE fo.customer_id = c.id AND NOT fo.is_archived
                ORDER BY fo.created_at DESC LIMIT 1) AS form_code
         FROM customers c WHERE c.id = $1`,
      [customerId],
    );
    return rows[0] ?? null;
  }

  /**
   * The enabled fields of the active form without an accepted document: no file, or only refused files;
   * for those, the latest staff comment on a refused file is the reason.
   */
  async missing(formCode: string | null): Promise<MissingDocument[]> {
    if (!formCode) return [];
    const forms: { fields: { name: string; caption: string; disabled: boolean }[] }[] =
      await this.dataSource.query('SELECT fields FROM forms WHERE code = $1', [formCode]);
    const fields = (forms[0]?.fields ?? []).filter((field) => !field.disabled);
    if (fields.length === 0) return [];
    const files: { id: string; field_name: string; status: string }[] = await this.dataSource.query(
      'SELECT id, field_name, status FROM form_files WHERE code = $1',
      [formCode],
    );
    const reasons: { field_name: string; text: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (f.field_name) f.field_name, fc.text
         FROM form_files f JOIN file_comments fc ON fc.file_id = f.id JOIN users u ON u.id = fc.author_id
        WHERE f.code = $1 AND f.status = 'issue' AND u.role <> 'customer' AND fc.text <> ''
        ORDER BY f.field_name, fc.position DESC`,
      [formCode],
    );
    return fields
      .filter((field) => {
        const own = files.filter((file) => file.field_name === field.name);
        return own.every((file) => file.status === 'issue');
      })
      .map((field) => ({
        field: field.name,
        caption: field.caption,
        reason: reasons.find((r) => r.field_name === field.name)?.text ?? null,
      }));
  }

  async standing(customerId: string): Promise<RemindersStanding & { version: number }> {
    const [{ state, version }, recipient, brokerage] = await Promise.all([
      this.events.aggregate(remindersDecider, REMINDERS_STREAM, customerId),
      this.recipient(customerId),
      this.brokerage.current(),
    ]);
    const missing = recipient ? await this.missing(recipient.form_code) : [];
    return { state, version, recipient, missing, brokerage, schedule: brokerageSchedule(brokerage) };
  }

  /** Why no reminder is due, or null when one is (or would be, but for the schedule). */
  stopped(standing: RemindersStanding): 'no_client' | 'finished_status' | 'nothing_missing' | null {
    if (!standing.recipient) return 'no_client';
    if (FINISHED_STATUSES.includes(standing.recipient.status)) return 'finished_status';
    if (standing.missing.length === 0) return 'nothing_missing';
    return null;
  }

  /** When the next reminder is due, from `now` on; null when none is. */
  nextAt(standing: RemindersStanding, now: Date): Date | null {
    if (this.stopped(standing)) return null;
    const facts: ReminderFacts = standing.state.facts;
    return nextReminderAt(facts, standing.schedule, standing.brokerage.timeZone, now);
  }

  /** Starts the client's reminders with their first upload request (a later one changes nothing). */
  async start(customerId: string, sentAt: Date): Promise<void> {
    await this.run(customerId, { type: 'Start', customerId, sentAt: sentAt.toISOString() }, SYSTEM_METADATA);
  }

  /** Records when the next reminder is due, as things are now; nothing when that has not changed. */
  async reschedule(customerId: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const standing = await this.standing(customerId);
      const at = this.nextAt(standing, this.clock.now());
      try {
        await this.events.handle(
          remindersDecider,
          { type: REMINDERS_STREAM, id: customerId },
          { type: 'Schedule', customerId, at: at?.toISOString() ?? null },
          SYSTEM_METADATA,
          { expectedVersion: standing.version },
        );
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * A scheduled reminder's time has come: it is sent when it is still the one scheduled and something is
   * still missing, at the version read (so two runs cannot both send); otherwise the next time is recorded.
   */
  async sendDue(job: { customerId: string; number: number; at: string }): Promise<void> {
    const standing = await this.standing(job.customerId);
    const due = standing.state.scheduled;
    if (!due || due.number !== job.number || due.at !== job.at) return;
    const now = this.clock.now();
    if (new Date(due.at) > now) return; // early by this instance's clock: the sweep takes it when due
    const at = this.nextAt(standing, now);
    if (!at || at > now) return this.reschedule(job.customerId);
    await this.send(standing, { manual: false, number: job.number, now }, SYSTEM_METADATA).catch(
      (error: unknown) => {
        // Another run sent it, or something changed meanwhile (the processor schedules again then).
        if (!(error instanceof ConcurrencyError)) throw error;
      },
    );
  }

  private async send(
    standing: RemindersStanding & { version: number },
    how: { manual: boolean; number: number | null; now: Date },
    meta: EventMetadata,
  ): Promise<void> {
    const recipient = standing.recipient!;
    await this.events.handle(
      remindersDecider,
      { type: REMINDERS_STREAM, id: recipient.id },
      {
        type: 'Send',
        customerId: recipient.id,
        recipientUserId: recipient.user_id,
        manual: how.manual,
        number: how.number,
        now: how.now.toISOString(),
        missing: standing.missing,
      },
      meta,
      { expectedVersion: standing.version },
    );
  }

  // Staff's commands, on a client the caller may see.

  async view(caller: Caller, customerId: string): Promise<RemindersStanding> {
    await this.customers.ensureVisible(caller, customerId);
    return this.standing(customerId);
  }

  async sendNow(caller: Caller, customerId: string, meta: EventMetadata): Promise<RemindersStanding> {
    await this.customers.ensureVisible(caller, customerId);
    const standing = await this.standing(customerId);
    const stopped = this.stopped(standing);
    if (stopped === 'finished_status')
      throw DomainError.conflict('client_finished', 'This client is funded, closed or cancelled.');
    if (stopped === 'nothing_missing' || !standing.recipient)
      throw DomainError.conflict('nothing_missing', 'Every requested document is in; no reminder is needed.');
    await this.send(standing, { manual: true, number: null, now: this.clock.now() }, meta);
    return this.standing(customerId);
  }

  async change(
    caller: Caller,
    customerId: string,
    change: { paused?: boolean; override?: Partial<ReminderFacts['override']> },
    meta: EventMetadata,
  ): Promise<RemindersStanding> {
    await this.customers.ensureVisible(caller, customerId);
    const { state } = await this.events.aggregate(remindersDecider, REMINDERS_STREAM, customerId);
    const commands: RemindersCommand[] = [];
    if (change.override && Object.keys(change.override).length > 0)
      commands.push({
        type: 'ChangeSchedule',
        customerId,
        override: { ...state.facts.override, ...change.override },
      });
    if (change.paused !== undefined) commands.push({ type: change.paused ? 'Pause' : 'Resume', customerId });
    for (const command of commands) await this.run(customerId, command, meta);
    return this.standing(customerId);
  }

  private async run(customerId: string, command: RemindersCommand, meta: EventMetadata): Promise<void> {
    await this.events.handle(remindersDecider, { type: REMINDERS_STREAM, id: customerId }, command, meta);
  }
}
