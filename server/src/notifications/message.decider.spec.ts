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
});
