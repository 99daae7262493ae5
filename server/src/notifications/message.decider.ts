import type { Decider } from '../platform/event-store/decider.js';
import type { MessageEvent, MessageFailedData, MessageSentData } from './message.events.js';
import type { Channel } from './message.js';

/**
 * What is known of one message: nothing yet, delivered, or given up; for a text message taken by a
 * carrier, whether the carrier then reported it reached the phone, with the facts of the message sent.
 */
export interface MessageState {
  outcome: 'none' | 'sent' | 'failed';
  carrier: 'none' | 'delivered' | 'undelivered';
  sent: MessageSentData | null;
}

export type MessageCommand =
  | { type: 'record_sent'; channel: Channel; data: MessageSentData }
  | { type: 'record_failed'; channel: Channel; data: MessageFailedData }
  | { type: 'record_carrier_report'; delivered: boolean; carrierStatus: string; reason: string | null };

/**
 * A message's stream holds its one outcome, and for a text message the carrier's one final report.
 * Recording either again (a retried job, a second worker, a callback the carrier repeats) decides nothing,
 * so the first stands. A report about a message this product did not send is ignored.
 */
export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: () => ({ outcome: 'none', carrier: 'none', sent: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'sms.sent':
      case 'email.sent':
        return { ...state, outcome: 'sent', sent: event.data };
      case 'sms.failed':
      case 'email.failed':
        return { ...state, outcome: 'failed' };
      case 'sms.delivered':
        return { ...state, carrier: 'delivered' };
      case 'sms.undelivered':
        return { ...state, carrier: 'undelivered' };
    }
  },
  decide: (command, state) => {
    if (command.type === 'record_carrier_report') {
      if (state.carrier !== 'none' || !state.sent) return [];
      const data = { ...state.sent, carrierStatus: command.carrierStatus, reason: command.reason };
      return [{ type: command.delivered ? 'sms.delivered' : 'sms.undelivered', data }];
    }
    if (state.outcome !== 'none') return [];
    if (command.type === 'record_sent')
      return [{ type: command.channel === 'sms' ? 'sms.sent' : 'email.sent', data: command.data }];
    return [{ type: command.channel === 'sms' ? 'sms.failed' : 'email.failed', data: command.data }];
  },
};
