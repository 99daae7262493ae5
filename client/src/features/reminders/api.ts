import { api } from '../../api/http';

/** A client's document reminders (`/customers/{id}/reminders/`). */
export interface RemindersView {
  state: 'scheduled' | 'paused' | 'not_started' | 'nothing_missing' | 'finished' | 'client_finished';
  next_at: string | null;
  form_sent_at: string | null;
  last_sent_at: string | null;
  count: number;
  paused: boolean;
  schedule: { first_delay_days: number; interval_days: number; max_count: number };
  own_schedule: { first_delay_days: number | null; interval_days: number | null; max_count: number | null };
  time_zone: string;
  missing: { field: string; caption: string; reason: string | null }[];
}

export type RemindersChange = Partial<{
  paused: boolean;
  first_delay_days: number | null;
  interval_days: number | null;
  max_count: number | null;
}>;

export function getReminders(customerId: string, signal?: AbortSignal) {
  return api.core.get<RemindersView>(`/customers/${customerId}/reminders/`, undefined, signal);
}

export function changeReminders(customerId: string, change: RemindersChange, requestId: string) {
  return api.core.patch<RemindersView>(`/customers/${customerId}/reminders/`, change, { requestId });
}

export function sendReminderNow(customerId: string, requestId: string) {
  return api.core.post<RemindersView>(`/customers/${customerId}/reminders/send_now/`, {}, { requestId });
}
