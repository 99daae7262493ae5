import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PasswordService } from '../auth/password.service.js';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../platform/event-store/event.types.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import { masked, type OutgoingMessage, render } from './message.js';
import { MESSAGE_STREAM, type MessageSent } from './message.events.js';
import { SEND_MESSAGE_JOB } from './notifications.processor.js';
import { EMAIL_TRANSPORT, SMS_TRANSPORT, type Transport } from './transports.js';

/**
 * Sends one message and records it as `sms.sent` / `email.sent` on its own stream. The record is the
 * dedupe: a message already recorded is not sent again when a job is retried or enqueued twice.
 */
@Injectable()
export class SendMessageJob implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SMS_TRANSPORT) private readonly sms: Transport,
    @Inject(EMAIL_TRANSPORT) private readonly email: Transport,
    private readonly passwords: PasswordService,
    private readonly events: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.queue.register<OutgoingMessage>(SEND_MESSAGE_JOB, (message) => this.run(message));
  }

  async run(message: OutgoingMessage): Promise<void> {
    const sent: unknown[] = await this.dataSource.query('SELECT 1 FROM messages_sent WHERE id = $1', [
      message.id,
    ]);
    if (sent.length > 0) return;
    const password = message.passwordDelivery
      ? this.passwords.oneTimePassword(message.passwordDelivery)
      : null;
    const transport = message.channel === 'sms' ? this.sms : this.email;
    const maskedText = masked(message.text);
    await transport.send({
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      text: render(message.text, password),
      html: message.html === undefined ? undefined : render(message.html, password),
      maskedText,
    });
    const event: MessageSent = {
      type: message.channel === 'sms' ? 'sms.sent' : 'email.sent',
      data: {
        messageId: message.id,
        recipientUserId: message.recipientUserId,
        relType: message.rel?.type ?? null,
        relId: message.rel?.id ?? null,
        recipient: message.to,
        subject: message.subject,
        text: maskedText,
        transport: transport.name,
      },
    };
    try {
      await this.events.append(
        { streamType: MESSAGE_STREAM, streamId: message.id, expectedVersion: 'no_stream', events: [event] },
        SYSTEM_METADATA,
      );
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}
