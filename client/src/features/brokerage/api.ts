import { api } from '../../api/http';

/** The brokerage's details as the API names them (`GET/PATCH /brokerage/`). */
export interface BrokerageSettingsView {
  name: string;
  licence_number: string;
  phone: string;
  fax: string;
  address: string;
  email: string;
  social_url: string;
  time_zone: string;
  mortgage_application_url: string;
  /** Every staff member signs in with a code from an authenticator app; those without one enrol first. */
  second_factor_required: boolean;
  /** Document reminders: days to the first, days between them, how many at most. */
  reminder_first_delay_days: number;
  reminder_interval_days: number;
  reminder_max_count: number;
}

export function getBrokerageSettings(signal?: AbortSignal) {
  return api.core.get<BrokerageSettingsView>('/brokerage/', undefined, signal);
}

export function changeBrokerageSettings(changes: Partial<BrokerageSettingsView>, requestId: string) {
  return api.core.patch<BrokerageSettingsView>('/brokerage/', changes, { requestId });
}
