import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BROKERAGE_PLACEHOLDER, emailMessage, type OutgoingMessage } from '../notifications/message.js';
import { messageId, NotificationRules } from '../notifications/notification.rules.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import {
  APPRAISER_ASSIGNMENT_EVENTS,
  type AppraiserAssignmentChanged,
  type QuoteRequested,
} from './appraiser.events.js';

interface Appraiser {
  id: string;
  first_name: string;
  email: string;
}

const money = (value: number) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(
    value,
  );

/** E-mails to appraisers: a quote request to each one chosen, and the details once one is assigned. */
@Injectable()
export class AppraisalNotifications implements OnModuleInit {
  constructor(
    private readonly rules: NotificationRules,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register(['appraisal.quote_requested', APPRAISER_ASSIGNMENT_EVENTS.assigned], (event) =>
      this.messagesFor(event),
    );
  }

  private async appraisers(ids: string[]): Promise<Appraiser[]> {
    return this.dataSource.query(
      'SELECT id, first_name, email FROM appraisers WHERE id = ANY($1::uuid[]) ORDER BY id',
      [ids],
    );
  }

  private async clientUser(customerId: string): Promise<string | null> {
    const rows: { user_id: string | null }[] = await this.dataSource.query(
      'SELECT user_id FROM customers WHERE id = $1',
      [customerId],
    );
    return rows[0]?.user_id ?? null;
  }

  async messagesFor(event: StoredEvent): Promise<OutgoingMessage[]> {
    if (event.type === 'appraisal.quote_requested') {
      const { appraiserIds, details } = (event as StoredEvent & QuoteRequested).data;
      const userId = await this.clientUser(event.streamId);
      const text = [
        `${BROKERAGE_PLACEHOLDER} requests a quote for an appraisal (file ${details.typed_id}).`,
        `Property: ${details.property_address}`,
        `Lender: ${details.lender}, ${details.mortgage_position} mortgage`,
        `Expected value: ${money(details.expected_value)}, LTV ${details.ltv}%`,
        `Needed by: ${details.due_date}`,
        details.comment ? `Comment: ${details.comment}` : '',
        'Please reply to this e-mail with your fee and earliest date.',
      ]
        .filter(Boolean)
        .join('\n');
      return (await this.appraisers(appraiserIds)).map((appraiser) =>
        emailMessage({
          id: messageId(event, `quote-${appraiser.id}`),
          to: appraiser.email,
          recipientUserId: null,
          rel: userId ? { type: 'User', id: userId } : null,
          subject: `Appraisal quote request ${details.typed_id}`,
          text: `Hello ${appraiser.first_name},\n\n${text}`,
        }),
      );
    }
    if (event.type === APPRAISER_ASSIGNMENT_EVENTS.assigned) {
      const rows: {
        appraiser_id: string | null;
        appraisal: AppraiserAssignmentChanged['data']['details'];
        typed_id: string;
      }[] = await this.dataSource.query(
        'SELECT appraiser_id, appraisal, typed_id FROM customers WHERE id = $1',
        [event.streamId],
      );
      const client = rows[0];
      if (!client?.appraiser_id || !client.appraisal) return [];
      const [appraiser] = await this.appraisers([client.appraiser_id]);
      if (!appraiser) return [];
      const d = client.appraisal;
      const userId = await this.clientUser(event.streamId);
      return [
        emailMessage({
          id: messageId(event, 'appraiser-assigned'),
          to: appraiser.email,
          recipientUserId: null,
          rel: userId ? { type: 'User', id: userId } : null,
          subject: `Appraisal assigned: ${client.typed_id}`,
          text: [
            `Hello ${appraiser.first_name},`,
            '',
            `You have been assigned the appraisal for ${d.first_name} ${d.last_name} (${d.email}, +${d.phone_number}).`,
            `Property: ${d.address}; expected value ${money(d.expected_value)}; completion by ${d.expected_date}.`,
            `Access: ${d.access_details}. Mortgage position: ${d.mortgage_position}. Lender: ${d.lender}, mortgage ${d.mortgage_number}.`,
            `Underwriter: ${d.underwriter_name} <${d.underwriter_email}>.`,
            ...(d.notes ? [`Notes: ${d.notes}`] : []),
            '',
            `Questions: ${this.config.publicUrl}/contacts`,
          ].join('\n'),
        }),
      ];
    }
    return [];
  }
}
