import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { customerKeys, staffUserKeys } from '../../api/query-keys';
import { useCommand } from '../../api/use-command';
import type { CustomerPayload } from '@machines/customer-form';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  getHistory,
  listCustomers,
  listEventLog,
  listStaffUsers,
  updateCustomer,
} from './api';
import type { CustomersQuery, CustomerView, StaffUser } from './types';

/** Query keys of the clients workspace. Invalidating a prefix refreshes everything below it. */
export { customerKeys, staffUserKeys };

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

/** Puts a client just answered by the server in the cache; the lists follow from the change's pushes. */
export function storeCustomer(queryClient: QueryClient, customer: CustomerView): void {
  queryClient.setQueryData(customerKeys.detail(customer.id), customer);
}

/** A command on one client whose answer is the client as it now is, which replaces the cached copy. */
export function useCustomerCommand<TVariables extends { id: string }>(
  send: (variables: TVariables, requestId: string) => Promise<CustomerView>,
) {
  const queryClient = useQueryClient();
  return useCommand<CustomerView, TVariables>({
    send,
    answers: ({ id }) => [customerKeys.detail(id)],
    onSuccess: (customer) => storeCustomer(queryClient, customer),
  });
}

/** Creates a client; the answer is the new client, kept in the cache. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useCommand<CustomerView, CustomerPayload>({
    send: (payload, requestId) => createCustomer(payload, requestId),
    onSuccess: (customer) => storeCustomer(queryClient, customer),
  });
}

/** Saves some of a client's fields at the version they were read (a stale one is refused). */
export function useUpdateCustomer() {
  return useCustomerCommand(
    ({ id, changes }: { id: string; changes: CustomerPayload & { version?: number } }, requestId) =>
      updateCustomer(id, changes, requestId),
  );
}

/** A deleted client is not read again; the lists follow from the deletion's push. */
export function forgetCustomer(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
  queryClient.removeQueries({ queryKey: customerKeys.notes(id) });
}

/** Deletes a client, who is then forgotten here rather than read again. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useCommand<unknown, string>({
    send: (id) => deleteCustomer(id),
    onSuccess: (_answer, id) => forgetCustomer(queryClient, id),
  });
}
