import type { BrokerageSettings } from '../../../machines/brokerage.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { BrokerageSettingsChanged } from './brokerage.events.js';

/** What principal brokers have set so far; what they never set comes from the environment's defaults. */
export type BrokerageState = Partial<BrokerageSettings>;

export type BrokerageCommand = { type: 'ChangeSettings'; changes: Partial<BrokerageSettings> };

/** A change records only the details that differ from what is set; the same values again decide nothing. */
export const brokerageDecider: Decider<BrokerageState, BrokerageCommand, BrokerageSettingsChanged> = {
  initialState: () => ({}),
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
  decide: (command, state) => {
    const changes = Object.fromEntries(
      Object.entries(command.changes).filter(
        ([key, value]) => value !== undefined && state[key as keyof BrokerageSettings] !== value,
      ),
    );
    return Object.keys(changes).length === 0
      ? []
      : [{ type: 'brokerage.settings_changed', data: { changes } }];
  },
};
