import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { messageId, NotificationRules } from '../notifications/notification.rules.js';
import {
  BROKERAGE_PLACEHOLDER,
  emailMessage,
  smsMessage,
  type OutgoingMessage,
} from '../notifications/message.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import type { CustomerNotificationRequested } from './customer.events.js';
import { dealTypeLabel } from '../../../machines/customer.rules.js';
import { formatPhone } from '../../../machines/phone.js';

interface Recipient {
  id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  deal_type: string;
  address_line: string;
  lender: string;
  closing_date: string | null;
  form_code: string | null;
  lawyer_email: string | null;
  lawyer_first_name: string | null;
  lawyer_company: string | null;
  broker_first_name: string | null;
  broker_last_name: string | null;
}

/** Messages that staff send a client: a review request and the upload link, and the e-mail to the lawyer. */
@Injectable()
export class CustomerNotifications implements OnModuleInit {
  constructor(
    private readonly rules: NotificationRules,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register(['customer.review_requested', 'customer.notification_requested'], (event) =>
      this.messagesFor(event),
    );
  }

  private async recipient(customerId: string): Promise<Recipient | null> {
    const rows: Recipient[] = await this.dataSource.query(
      `SELECT c.id, c.user_id, c.first_name, c.last_name, c.email, c.phone_number, c.deal_type, c.address_line,
              c.lender, to_char(c.closing_date, 'YYYY-MM-DD') AS closing_date,
              (SELECT fo.code FROM forms fo WHERE fo.customer_id = c.id AND NOT fo.is_archived ORDER BY fo.created_at DESC LIMIT 1) AS form_code,
              l.email AS lawyer_email, l.first_name AS lawyer_first_name, l.company AS lawyer_company, b.first_name AS broker_first_name, b.last_name AS broker_last_name
         FROM customers c LEFT JOIN lawyers l ON l.id = c.lawyer_id LEFT JOIN users b ON b.id = c.broker_id
        WHERE c.id = $1`,
      [customerId],
    );
    return rows[0] ?? null;
  }

  async messagesFor(event: StoredEvent): Promise<OutgoingMessage[]> {
    if (event.type !== 'customer.review_requested' && event.type !== 'customer.notification_requested')
      return [];
    const to = await this.recipient(event.streamId);
    if (!to) return [];
    const rel = to.user_id ? { type: 'User', id: to.user_id } : null;
    const broker =
      [to.broker_first_name, to.broker_last_name].filter(Boolean).join(' ') || 'your mortgage team';
    const base = { recipientUserId: to.user_id, rel };

    if (event.type === 'customer.review_requested') {
      const text = `Hi ${to.first_name}, thank you for choosing ${BROKERAGE_PLACEHOLDER}! Would you take a minute to review your experience with ${broker}? Reply to this message or visit ${this.config.publicUrl}/contacts.`;
      return [
        emailMessage({
          ...base,
          id: messageId(event, 'review-email'),
          to: to.email,
          subject: 'How did we do?',
          text,
        }),
        smsMessage({
          ...base,
          id: messageId(event, 'review-sms'),
          to: `+${to.phone_number}`,
          subject: 'Review request',
          text,
        }),
      ];
    }

    const { notifyType } = (event as unknown as CustomerNotificationRequested).data;
    if (notifyType === 'form_sent') {
      const link = to.form_code
        ? `${this.config.publicUrl}/form/${to.form_code}/`
        : `${this.config.publicUrl}/roadmap`;
      const text = `Hi ${to.first_name}, ${broker} has asked you to upload your documents for your mortgage application: ${link}`;
      return [
        emailMessage({
          ...base,
          id: messageId(event, 'upload-email'),
          to: to.email,
          subject: 'Please upload your documents',
          text,
        }),
        smsMessage({
          ...base,
          id: messageId(event, 'upload-sms'),
          to: `+${to.phone_number}`,
          subject: 'Upload request',
          text,
        }),
      ];
    }
    if (!to.lawyer_email) return [];
    return [
      emailMessage({
        ...base,
        id: messageId(event, 'lawyer-email'),
        to: to.lawyer_email,
        subject: `New client: ${to.first_name} ${to.last_name}`,
        text: lawyerText(to, broker, this.config.publicUrl),
      }),
    ];
  }
}

/** The file of the client as their lawyer needs it to prepare the closing: what is known of it, line by line. */
function lawyerText(to: Recipient, broker: string, publicUrl: string): string {
  const known = (label: string, value: string | null | undefined): string[] =>
    value ? [`${label}: ${value}`] : [];
  return [
    `Hello ${to.lawyer_first_name ?? ''},`,
    '',
    `${to.first_name} ${to.last_name} has you${to.lawyer_company ? ` at ${to.lawyer_company}` : ''} as their lawyer for their mortgage with ${broker}.`,
    '',
    ...known('Deal', dealTypeLabel(to.deal_type)),
    ...known('Property', to.address_line),
    ...known('Lender', to.lender),
    ...known('Closing date', to.closing_date),
    `Client: ${to.email}, ${formatPhone(to.phone_number)}`,
    '',
    `Questions: ${publicUrl}/contacts`,
  ].join('\n');
}
