import type { ClientUpdates, UnreadMessages } from '@machines/inbox';
import { api } from '../../api/http';

export function fetchUnreadMessages(signal?: AbortSignal): Promise<UnreadMessages> {
  return api.core.get<UnreadMessages>('/inbox/messages/', undefined, signal);
}

export function fetchClientUpdates(signal?: AbortSignal): Promise<ClientUpdates> {
  return api.core.get<ClientUpdates>('/inbox/updates/', undefined, signal);
}

export function markUpdatesRead(requestId: string): Promise<unknown> {
  return api.core.post('/inbox/updates/read/', undefined, { requestId });
}
