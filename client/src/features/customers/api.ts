import { api, request } from '../../api/http';
import type { CustomerPayload } from '@machines/customer-form';
import type {
  CustomersQuery,
  CustomerView,
  EventLogEntry,
  HistoryEntry,
  HistoryPage,
  Note,
  NotifyType,
  StaffRoleFilter,
  StaffUser,
  StepState,
} from './types';

/** The calls of the staff clients workspace (spec section 7, core and events services). */

export function listCustomers(query: CustomersQuery, signal?: AbortSignal) {
  return api.core.list<CustomerView>('/customers/', { ...query }, signal);
}

export function getCustomer(id: string, signal?: AbortSignal) {
  return api.core.get<CustomerView>(`/customers/${id}/`, undefined, signal);
}

export function createCustomer(payload: CustomerPayload, requestId?: string) {
  return api.core.post<CustomerView>('/customers/', payload, { requestId });
}

/** Any subset of the client's fields, with the version it was loaded at (a stale one answers 409). */
export function updateCustomer(
  id: string,
  payload: CustomerPayload & { version?: number },
  requestId?: string,
) {
  return api.core.patch<CustomerView>(`/customers/${id}/`, payload, { requestId });
}

export function deleteCustomer(id: string) {
  return api.core.delete<object>(`/customers/${id}/`);
}

export function notifyCustomer(id: string, notifyType: NotifyType, requestId?: string) {
  return api.core.post<CustomerView>(`/customers/${id}/notify/`, { notify_type: notifyType }, { requestId });
}

export async function updateSteps(id: string, steps: StepState[], requestId?: string) {
  const answer = await api.core.patch<{ data: CustomerView }>(`/customers/${id}/steps/`, steps, {
    requestId,
  });
  return answer.data;
}

export function listStaffUsers(role: StaffRoleFilter, signal?: AbortSignal) {
  return api.core.list<StaffUser>(
    '/users/',
    { role, offset: 0, limit: 1000, ordering: 'first_name' },
    signal,
  );
}

export function listNotes(customerId: string, offset: number, limit: number, signal?: AbortSignal) {
  return api.core.list<Note>(
    `/customers/${customerId}/notes/`,
    { offset, limit, ordering: '-created' },
    signal,
  );
}

export function addNote(customerId: string, text: string, file: File | null) {
  const body = new FormData();
  body.append('text', text);
  if (file) body.append('comment-file', file, file.name);
  return api.core.post<Note>(`/customers/${customerId}/notes/`, body);
}

export function deleteNote(customerId: string, noteId: string) {
  return api.core.delete<object>(`/customers/${customerId}/notes/${noteId}/`);
}

export function markNotesRead(customerId: string) {
  return api.core.patch<{ unread: number }>(`/customers/${customerId}/notes/mark_read/`);
}

/** Messages sent to the client's user account and their sign-ins. */
export function listEventLog(userId: string, signal?: AbortSignal) {
  return api.events.list<EventLogEntry>(
    '/events/',
    { rel_type: 'User', rel_id: userId, offset: 0, limit: 10000 },
    signal,
  );
}

export async function getHistory(
  customerId: string,
  query: { offset: number; limit: number; type?: string },
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const envelope = await request<HistoryEntry[]>('core', `/customers/${customerId}/history/`, {
    query: { ...query, type: query.type || undefined },
    signal,
  });
  const extra = envelope as typeof envelope & { types?: string[] };
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return { data, count: envelope.pagination?.count ?? data.length, types: extra.types ?? [] };
}

/** The audit trail as CSV text, fetched with the session's bearer token. */
export async function getHistoryCsv(customerId: string, type?: string): Promise<string> {
  const envelope = await request<unknown>('core', `/customers/${customerId}/history/`, {
    query: { format: 'csv', type: type || undefined },
  });
  return typeof envelope.data === 'string' ? envelope.data : String(envelope.data ?? '');
}
