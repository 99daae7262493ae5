import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventProcessorRunner, type EventProcessor } from '../platform/event-store/event-processor.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import type { OutgoingMessage } from './message.js';
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
  ) {}

  onModuleInit(): void {
    this.runner.register(this);
  }

  accepts(event: StoredEvent): boolean {
    return this.rules.accepts(event);
  }

  async handle(event: StoredEvent, tx?: EntityManager): Promise<void> {
    for (const message of await this.rules.messagesFor(event)) {
      await this.queue.add<OutgoingMessage>(SEND_MESSAGE_JOB, message, { jobId: message.id }, tx);
    }
  }
}
