import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventProcessorRunner, type EventProcessor } from '../platform/event-store/event-processor.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import type { OutgoingMessage } from './message.js';
import { NotificationRules } from './notification.rules.js';

export const SEND_MESSAGE_JOB = 'send-message';

/**
 * Follows the event log from a durable checkpoint and queues the messages each event causes. If the
 * queue cannot take a job (Redis down), the checkpoint stays put and the event is tried again later.
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

  async handle(event: StoredEvent): Promise<void> {
    for (const message of await this.rules.messagesFor(event)) {
      await this.queue.add<OutgoingMessage>(SEND_MESSAGE_JOB, message, { jobId: message.id });
    }
  }
}
