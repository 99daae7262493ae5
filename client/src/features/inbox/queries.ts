import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientUpdates } from '@machines/inbox';
import { inboxKeys } from '../../api/query-keys';
import { useCommand } from '../../api/use-command';
import { fetchClientUpdates, fetchUnreadMessages, markUpdatesRead } from './api';

export function useUnreadMessages() {
  return useQuery({ queryKey: inboxKeys.messages, queryFn: ({ signal }) => fetchUnreadMessages(signal) });
}

export function useClientUpdates() {
  return useQuery({ queryKey: inboxKeys.updates, queryFn: ({ signal }) => fetchClientUpdates(signal) });
}

/** 'Mark all read': the bell clears at once; the push of the mark refreshes the other tabs. */
export function useMarkUpdatesRead() {
  const queryClient = useQueryClient();
  return useCommand<unknown, void>({
    send: (_, requestId) => markUpdatesRead(requestId),
    answers: () => [inboxKeys.updates],
    onSuccess: () =>
      queryClient.setQueryData<ClientUpdates>(inboxKeys.updates, (current) =>
        current ? { unread: 0, items: current.items.map((item) => ({ ...item, unread: false })) } : current,
      ),
  });
}
