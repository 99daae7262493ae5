import type { Decider } from '../platform/event-store/decider.js';
import type { MessageEvent, MessageFailedData, MessageSentData } from './message.events.js';
import type { Channel } from './message.js';

/** What is known of one message: nothing yet, delivered, or given up. */
export interface MessageState {
  outcome: 'none' | 'sent' | 'failed';
}

export type MessageCommand =
  | { type: 'record_sent'; channel: Channel; data: MessageSentData }
  | { type: 'record_failed'; channel: Channel; data: MessageFailedData };

/**
 * A message's stream holds its one outcome. Recording it again (a retried job, a second worker) decides
 * nothing, so the first outcome stands.
 */
export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: () => ({ outcome: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'sms.sent' || event.type === 'email.sent') return { outcome: 'sent' };
    if (event.type === 'sms.failed' || event.type === 'email.failed') return { outcome: 'failed' };
    return state;
  },
  decide: (command, state) => {
    if (state.outcome !== 'none') return [];
    if (command.type === 'record_sent')
      return [{ type: command.channel === 'sms' ? 'sms.sent' : 'email.sent', data: command.data }];
    return [{ type: command.channel === 'sms' ? 'sms.failed' : 'email.failed', data: command.data }];
  },
};
