import { Logger } from '@nestjs/common';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Channel } from './message.js';

export interface Delivery {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  html?: string;
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
 * recipient's phone or mailbox) and in memory, and only their masked text is logged.
 */
export class OutboxTransport implements Transport {
  readonly name = 'outbox';
  readonly delivered: Delivery[] = [];
  private readonly logger = new Logger('Outbox');

  constructor(private readonly file: string | null) {}

  async send(delivery: Delivery): Promise<void> {
    this.delivered.push(delivery);
    if (this.delivered.length > 1000) this.delivered.shift();
    if (this.file) {
      await mkdir(dirname(this.file), { recursive: true });
      const { maskedText: _masked, ...message } = delivery;
      await appendFile(this.file, JSON.stringify({ at: new Date().toISOString(), ...message }) + '\n', {
        mode: 0o600,
      });
    }
    this.logger.log(
      `${delivery.channel} to ${delivery.to}: ${delivery.subject ? delivery.subject + ' | ' : ''}${delivery.maskedText}`,
    );
  }
}

/** E-mail through any SMTP server (`SMTP_URL`), e.g. smtp://user:pass@mail.example.com:587. */
export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(delivery: Delivery): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: delivery.to,
      subject: delivery.subject,
      text: delivery.text,
      html: delivery.html,
    });
  }

  close(): void {
    this.transporter.close();
  }
}
