import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Channel } from './message.js';

/**
 * The carrier, phone or mail, refused the message for good (a number that cannot receive texts, a mailbox
 * that does not exist): retrying cannot help.
 */
export class RefusedByCarrier extends Error {}

export interface Delivery {
  /** The message id: the same on every try, so a carrier can tell a retry from a new message. */
  id: string;
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The same text with any password masked: the only form that may be logged. */
  maskedText: string;
}

export interface Transport {
  readonly name: string;
  send(delivery: Delivery): Promise<void>;
}

export const SMS_TRANSPORT = Symbol('SMS_TRANSPORT');
export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');

/**
 * The default carrier: messages are kept in a file under the data directory (it stands in for the
 * recipient's phone or mailbox) and in memory, and only their masked text is logged. Like a carrier with
 * idempotency keys, it takes each message id once: a retry of a message already delivered (sent before a
 * crash, say, but not yet recorded) adds nothing.
 */
export class OutboxTransport implements Transport {
  readonly name = 'outbox';
  readonly delivered: Delivery[] = [];
  private readonly logger = new Logger('Outbox');
  private deliveredIds: Promise<Set<string>> | null = null;
  // One delivery at a time, so two tries of one message cannot both pass the check.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string | null) {}

  send(delivery: Delivery): Promise<void> {
    const next = this.queue.then(() => this.deliver(delivery));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const ids = await this.idsDelivered();
    if (ids.has(delivery.id)) {
      this.logger.log(`${delivery.channel} ${delivery.id} was already delivered`);
      return;
    }
    if (this.file) {
      await mkdir(dirname(this.file), { recursive: true });
      const { maskedText: _masked, ...message } = delivery;
      await appendFile(this.file, JSON.stringify({ at: new Date().toISOString(), ...message }) + '\n', {
        mode: 0o600,
      });
    }
    ids.add(delivery.id);
    this.delivered.push(delivery);
    if (this.delivered.length > 1000) this.delivered.shift();
    this.logger.log(
      `${delivery.channel} to ${delivery.to}: ${delivery.subject ? delivery.subject + ' | ' : ''}${delivery.maskedText}`,
    );
  }

  /** The ids already in the file (read once, then kept up to date in memory). */
  private idsDelivered(): Promise<Set<string>> {
    this.deliveredIds ??= (async () => {
      const ids = new Set<string>();
      if (!this.file || !existsSync(this.file)) return ids;
      for (const line of (await readFile(this.file, 'utf8')).split('\n')) {
        if (!line) continue;
        try {
          const { id } = JSON.parse(line) as { id?: string };
          if (id) ids.add(id);
        } catch {
          // a line cut short by a crash delivered nothing
        }
      }
      return ids;
    })();
    return this.deliveredIds;
  }
}

/** E-mail through any SMTP server (`SMTP_URL`), e.g. smtp://user:pass@mail.example.com:587. */
export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  private readonly domain: string;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
    this.domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'homeward.local';
  }

  async send(delivery: Delivery): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: this.from,
        to: delivery.to,
        subject: delivery.subject,
        text: delivery.text,
        html: delivery.html,
        replyTo: delivery.replyTo,
        // SMTP has no idempotency key; a stable Message-ID lets mail systems fold a resent copy into one.
        messageId: `<${delivery.id}@${this.domain}>`,
      });
    } catch (error) {
      // A 5xx answer refuses the message for good (no such mailbox, address not accepted): trying again for
      // an hour changes nothing, and the refusal should show in the client's event log now.
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600)
        throw new RefusedByCarrier((error as Error).message, { cause: error });
      throw error;
    }
  }

  close(): void {
    this.transporter.close();
  }
}
