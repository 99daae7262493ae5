import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emailMessage, smsMessage, type OutgoingMessage } from '../notifications/message.js';
import { messageId, NotificationRules } from '../notifications/notification.rules.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { MissingDocument, ReminderSent } from './reminders.events.js';
import { RemindersService } from './reminders.service.js';

/** The reminder's words: what is missing (and why a file was refused), and the upload link. */
export function reminderText(
  firstName: string,
  broker: string,
  missing: MissingDocument[],
  link: string,
): string {
  const lines = missing.map((m) => `- ${m.caption}${m.reason ? ` (${m.reason})` : ''}`);
  return `Hi ${firstName}, a reminder from ${broker}: we still need these documents for your mortgage application:\n${lines.join('\n')}\nPlease upload them here: ${link}`;
}

/** Each reminder sent is a text message and an e-mail to the client, through the usual message path. */
@Injectable()
export class ReminderNotifications implements OnModuleInit {
  constructor(
    private readonly rules: NotificationRules,
    private readonly reminders: RemindersService,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register(['reminder.sent'], (event) => this.messagesFor(event));
  }

  async messagesFor(event: StoredEvent): Promise<OutgoingMessage[]> {
    const data = (event as unknown as ReminderSent).data;
    const to = await this.reminders.recipient(data.customerId);
    if (!to) return [];
    const brokers: { first_name: string | null; last_name: string | null }[] = await this.dataSource.query(
      'SELECT b.first_name, b.last_name FROM customers c JOIN users b ON b.id = c.broker_id WHERE c.id = $1',
      [to.id],
    );
    const broker =
      [brokers[0]?.first_name, brokers[0]?.last_name].filter(Boolean).join(' ') || 'your mortgage team';
    const link = to.form_code
      ? `${this.config.publicUrl}/form/${to.form_code}/`
      : `${this.config.publicUrl}/roadmap`;
    const text = reminderText(to.first_name, broker, data.missing, link);
    const base = { recipientUserId: to.user_id, rel: to.user_id ? { type: 'User', id: to.user_id } : null };
    return [
      emailMessage({
        ...base,
        id: messageId(event, 'reminder-email'),
        to: to.email,
        subject: 'Reminder: documents still needed',
        text,
      }),
      smsMessage({
        ...base,
        id: messageId(event, 'reminder-sms'),
        to: `+${to.phone_number}`,
        subject: 'Document reminder',
        text,
      }),
    ];
  }
}
