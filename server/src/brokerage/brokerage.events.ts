import type { BrokerageSettings } from '../../../machines/brokerage.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

/** The brokerage's one settings stream. */
export const BROKERAGE_STREAM = { type: 'brokerage', id: 'settings' } as const;

/** Details a principal broker changed, each with its new value. */
export type BrokerageSettingsChanged = NewEvent<
  'brokerage.settings_changed',
  { changes: Partial<BrokerageSettings> }
>;

export const BROKERAGE_EVENT_TYPES = ['brokerage.settings_changed'] as const;
