import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { BrokerageSettingsService } from '../brokerage/brokerage-settings.service.js';
import type { EntityManager } from 'typeorm';
import { EventProcessorRunner, type EventProcessor } from '../platform/event-store/event-processor.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import { type OutgoingMessage, fromBrokerage } from './message.js';
import { NotificationRules } from './notification.rules.js';

export const SEND_MESSAGE_JOB = 'send-message';

/**
 * Follows the event log from a durable checkpoint and records the messages each event causes as jobs, in
 * the transaction that moves the checkpoint. They are sent after it commits, each on its own, so a
 * message that keeps failing delays only itself.
 */
@Injectable()
export class NotificationsProcessor implements EventProcessor, OnModuleInit {
  readonly name = 'notifications';
  readonly durable = true;

  constructor(
    private readonly runner: EventProcessorRunner,
    private readonly rules: NotificationRules,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly brokerage: BrokerageSettingsService,
  ) {}

  onModuleInit(): void {
    this.runner.register(this);
  }

  accepts(event: StoredEvent): boolean {
    return this.rules.accepts(event);
  }

  async handle(event: StoredEvent, tx?: EntityManager): Promise<void> {
    const messages = await this.rules.messagesFor(event);
    if (messages.length === 0) return;
    const brokerage = await this.brokerage.current();
    for (const message of messages) {
      await this.queue.add<OutgoingMessage>(
        SEND_MESSAGE_JOB,
        fromBrokerage(message, brokerage),
        { jobId: message.id },
        tx,
      );
    }
  }
}
