import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { PasswordService } from '../auth/password.service.js';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../platform/event-store/event.types.js';
import { JOB_QUEUE, type JobQueue } from '../platform/queue/job-queue.js';
import { MASK, masked, type OutgoingMessage, render } from './message.js';
import { type MessageCommand, messageDecider } from './message.decider.js';
import { MESSAGE_STREAM, type MessageSentData } from './message.events.js';
import { SEND_MESSAGE_JOB } from './notifications.processor.js';
import { EMAIL_TRANSPORT, RefusedByCarrier, SMS_TRANSPORT, type Transport } from './transports.js';

/**
 * Sends one message and records its outcome (`sms.sent` / `email.sent`, or `sms.failed` / `email.failed`
 * once its retry window has passed) on the message's own stream. The stream is the dedupe: a message with
 * an outcome is not sent again, and the message id goes to the carrier, which takes each id once, so a
 * message delivered just before a crash (not yet recorded) is not delivered twice either.
 */
@Injectable()
export class SendMessageJob implements OnModuleInit {
  private readonly logger = new Logger('Messages');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SMS_TRANSPORT) private readonly sms: Transport,
    @Inject(EMAIL_TRANSPORT) private readonly email: Transport,
    private readonly passwords: PasswordService,
    private readonly events: EventStore,
  ) {}

  onModuleInit(): void {
    this.queue.register<OutgoingMessage>(SEND_MESSAGE_JOB, (message) => this.run(message), {
      onGaveUp: (message, reason) => this.giveUp(message, reason),
    });
  }

  async run(message: OutgoingMessage): Promise<void> {
    if (await this.hasOutcome(message)) return;
    const password = this.password(message);
    const transport = this.transportFor(message);
    try {
      await transport.send({
        id: message.id,
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        text: render(message.text, password),
        html: message.html === undefined ? undefined : render(message.html, password),
        replyTo: message.replyTo,
        maskedText: masked(message.text),
      });
    } catch (error) {
      // The error may quote what was sent; only its masked form goes on to logs and the job's record.
      const reason = this.maskedReason(error, password);
      // A refusal for good is recorded now, not after the whole retry window.
      if (error instanceof RefusedByCarrier) return this.giveUp(message, reason);
      throw new Error(reason, { cause: error });
    }
    await this.record(message, { type: 'record_sent', channel: message.channel, data: this.facts(message) });
  }

  /** The message failed for its whole retry window: recorded, so it shows in the client's event log. */
  async giveUp(message: OutgoingMessage, reason: string): Promise<void> {
    this.logger.error(`${message.channel} ${message.id} to ${message.to} was not delivered: ${reason}`);
    const data = { ...this.facts(message), reason: this.maskedReason(reason, this.password(message)) };
    await this.record(message, { type: 'record_failed', channel: message.channel, data });
  }

  private async hasOutcome(message: OutgoingMessage): Promise<boolean> {
    const { state } = await this.events.aggregate(messageDecider, MESSAGE_STREAM, message.id);
    return state.outcome !== 'none';
  }

  private async record(message: OutgoingMessage, command: MessageCommand): Promise<void> {
    try {
      await this.events.handle(
        messageDecider,
        { type: MESSAGE_STREAM, id: message.id },
        command,
        SYSTEM_METADATA,
      );
    } catch (error) {
      // Another try recorded the outcome first; it stands.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  private facts(message: OutgoingMessage): MessageSentData {
    return {
      messageId: message.id,
      recipientUserId: message.recipientUserId,
      relType: message.rel?.type ?? null,
      relId: message.rel?.id ?? null,
      recipient: message.to,
      subject: message.subject,
      text: masked(message.text),
      transport: this.transportFor(message).name,
    };
  }

  private transportFor(message: OutgoingMessage): Transport {
    return message.channel === 'sms' ? this.sms : this.email;
  }

  private password(message: OutgoingMessage): string | null {
    return message.passwordDelivery ? this.passwords.oneTimePassword(message.passwordDelivery) : null;
  }

  private maskedReason(error: unknown, password: string | null): string {
    const reason = error instanceof Error ? error.message : String(error);
    return password ? reason.split(password).join(MASK) : reason;
  }
}
