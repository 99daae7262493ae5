import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { registerInvalidationRule, type DomainEvent } from '../../api/domain-events';
import { SOCKET_RECONNECTED } from '../../api/socket';
import { getCustomer, getHistory, listCustomers, listEventLog, listStaffUsers } from './api';
import type { CustomersQuery, CustomerView, StaffUser } from './types';

/** Query keys of the clients workspace. Invalidating a prefix refreshes everything below it. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: (query: CustomersQuery) => ['customers', 'list', query] as const,
  details: () => ['customers', 'detail'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  notes: (id: string) => ['customers', 'notes', id] as const,
  eventLogs: () => ['customers', 'events'] as const,
  eventLog: (userId: string) => ['customers', 'events', userId] as const,
  histories: () => ['customers', 'history'] as const,
  history: (id: string, query?: { offset: number; limit: number; type?: string }) =>
    query ? (['customers', 'history', id, query] as const) : (['customers', 'history', id] as const),
};

export const staffUserKeys = {
  brokers: ['users', 'brokers'] as const,
  assistants: ['users', 'assistants'] as const,
};

export function useCustomersList(query: CustomersQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => listCustomers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | undefined, initialData?: CustomerView) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getCustomer(id!, signal),
    enabled: !!id,
    initialData,
    // A copy from the list is a fine start, but the client is read fresh when opened.
    initialDataUpdatedAt: initialData ? 0 : undefined,
  });
}

const byFirstName = (a: StaffUser, b: StaffUser) =>
  `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`);

/** Everyone who can be a client's broker: brokers and principal brokers, by first name. */
export function useBrokers(enabled = true) {
  return useQuery({
    queryKey: staffUserKeys.brokers,
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const [brokers, principals] = await Promise.all([
        listStaffUsers('broker', signal),
        listStaffUsers('principal_broker', signal),
      ]);
      return [...brokers.data, ...principals.data].sort(byFirstName);
    },
  });
}

export function useAssistants(enabled = true) {
  return useQuery({
    queryKey: staffUserKeys.assistants,
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await listStaffUsers('assistant', signal)).data,
  });
}

export function useEventLog(userId: string | undefined) {
  return useQuery({
    queryKey: customerKeys.eventLog(userId ?? ''),
    queryFn: ({ signal }) => listEventLog(userId!, signal),
    enabled: !!userId,
    // The log is cleared when the page is left.
    gcTime: 0,
  });
}

export function useCustomerHistory(
  id: string | undefined,
  query: { offset: number; limit: number; type?: string },
  enabled = true,
) {
  return useQuery({
    queryKey: customerKeys.history(id ?? '', query),
    queryFn: ({ signal }) => getHistory(id!, query, signal),
    enabled: !!id && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Puts a client just answered by the server in the cache, and has every list read again. */
export function storeCustomer(queryClient: QueryClient, customer: CustomerView): void {
  queryClient.setQueryData(customerKeys.detail(customer.id), customer);
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: customerKeys.history(customer.id) });
}

export function forgetCustomer(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
  queryClient.removeQueries({ queryKey: customerKeys.notes(id) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
}

/**
 * Live updates: what another staff member changes reaches the open dashboard, panel, notes, event log
 * and audit trail without a reload. Pushes say what changed (type and client), the data is read again.
 */
function customerScoped(event: DomainEvent, ...keys: ((id: string) => readonly unknown[])[]) {
  return event.customer_id ? keys.map((key) => [...key(event.customer_id!)]) : [];
}

registerInvalidationRule({
  match: 'customer.*',
  queryKeys: (event) => [
    [...customerKeys.lists()],
    ...customerScoped(event, customerKeys.detail, (id) => customerKeys.history(id)),
  ],
});

registerInvalidationRule({
  match: ['note.added', 'note.deleted', 'notes.marked_read'],
  queryKeys: (event) => [
    [...customerKeys.lists()],
    ...customerScoped(event, customerKeys.detail, customerKeys.notes, (id) => customerKeys.history(id)),
  ],
});

registerInvalidationRule({
  match: ['sms.sent', 'email.sent', 'sms.failed', 'email.failed', 'auth.*', 'user.*'],
  queryKeys: (event) => [
    [...customerKeys.eventLogs()],
    ...customerScoped(event, (id) => customerKeys.history(id)),
  ],
});

/** After a dropped connection every client view is read again, since pushes may have been missed. */
registerInvalidationRule({ match: SOCKET_RECONNECTED, queryKeys: [[...customerKeys.all]] });
