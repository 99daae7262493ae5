import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { messageDecider } from './message.decider.js';
import type { MessageFailedData, MessageSentData } from './message.events.js';

const sent: MessageSentData = {
  messageId: '12-password-sms',
  recipientUserId: 'u1',
  relType: null,
  relId: null,
  recipient: '+14165550103',
  subject: 'New password',
  text: 'Your new Homeward password is ********.',
  transport: 'outbox',
};
const failed: MessageFailedData = { ...sent, reason: 'carrier unreachable' };
const spec = specFor(messageDecider);

describe('a message', () => {
  it('records a text message as sent once it is delivered', () => {
    spec([])
      .when({ type: 'record_sent', channel: 'sms', data: sent })
      .then([{ type: 'sms.sent', data: sent }]);
  });

  it('records an e-mail that could not be delivered as failed, with the reason', () => {
    spec([])
      .when({ type: 'record_failed', channel: 'email', data: failed })
      .then([{ type: 'email.failed', data: failed }]);
  });

  it('records nothing more once it was sent, however often the job runs', () => {
    spec([{ type: 'sms.sent', data: sent }])
      .when({ type: 'record_sent', channel: 'sms', data: sent })
      .then([]);
    spec([{ type: 'sms.sent', data: sent }])
      .when({ type: 'record_failed', channel: 'sms', data: failed })
      .then([]);
  });

  it('records nothing more once it was given up', () => {
    spec([{ type: 'sms.failed', data: failed }])
      .when({ type: 'record_sent', channel: 'sms', data: sent })
      .then([]);
  });

  it('records the carrier reporting a text message delivered, with the message it concerns', () => {
    const report = {
      type: 'record_carrier_report',
      delivered: true,
      carrierStatus: 'delivered',
      reason: null,
    } as const;
    spec([{ type: 'sms.sent', data: sent }])
      .when(report)
      .then([{ type: 'sms.delivered', data: { ...sent, carrierStatus: 'delivered', reason: null } }]);
  });

  it('records a text message the carrier could not deliver, with its reason, once', () => {
    const report = {
      type: 'record_carrier_report',
      delivered: false,
      carrierStatus: 'undelivered',
      reason: '30003 Unreachable destination handset',
    } as const;
    const undelivered = {
      ...sent,
      carrierStatus: 'undelivered',
      reason: '30003 Unreachable destination handset',
    };
    spec([{ type: 'sms.sent', data: sent }])
      .when(report)
      .then([{ type: 'sms.undelivered', data: undelivered }]);
    spec([
      { type: 'sms.sent', data: sent },
      { type: 'sms.undelivered', data: undelivered },
    ])
      .when(report)
      .then([]);
  });

  it('ignores a carrier report about a message it never sent', () => {
    spec([])
      .when({ type: 'record_carrier_report', delivered: true, carrierStatus: 'delivered', reason: null })
      .then([]);
  });
});
