import { useCallback } from 'react';
import { useUserPersistedState } from '../../app/local-state';
import { useCurrentUser } from '../auth/session';
import type { CustomersQuery } from './types';

/** The clients list's filters and page, remembered across sessions for each user on this device (spec section 2). */
export interface ClientsListState {
  search: string;
  /** '' is All; 'active' by default. */
  status: string;
  page: number;
  pageSize: number;
  /** '' is All. */
  dealType: string;
  /** '' is All brokers. */
  broker: string;
}

export const DEFAULT_LIST_STATE: ClientsListState = {
  search: '',
  status: 'active',
  page: 1,
  pageSize: 10,
  dealType: '',
  broker: '',
};

function sanitize(state: Partial<ClientsListState> | null | undefined): ClientsListState {
  const merged = { ...DEFAULT_LIST_STATE, ...(state ?? {}) };
  return {
    search: typeof merged.search === 'string' ? merged.search : '',
    status: typeof merged.status === 'string' ? merged.status : DEFAULT_LIST_STATE.status,
    page: Number.isInteger(merged.page) && merged.page >= 1 ? merged.page : 1,
    pageSize:
      Number.isInteger(merged.pageSize) && merged.pageSize >= 1 && merged.pageSize <= 100
        ? merged.pageSize
        : 10,
    dealType: typeof merged.dealType === 'string' ? merged.dealType : '',
    broker: typeof merged.broker === 'string' ? merged.broker : '',
  };
}

export function useClientsListState() {
  const me = useCurrentUser();
  const [stored, setStored] = useUserPersistedState<ClientsListState>(
    me?.id,
    'clients.list',
    DEFAULT_LIST_STATE,
  );
  const state = sanitize(stored);
  /** Changing a filter goes back to the first page; changing the page keeps the filters. */
  const update = useCallback(
    (change: Partial<ClientsListState>) =>
      setStored((current) => {
        const base = sanitize(current);
        const filtersChanged = (['search', 'status', 'dealType', 'broker'] as const).some(
          (key) => key in change && change[key] !== base[key],
        );
        return { ...base, ...(filtersChanged ? { page: 1 } : {}), ...change };
      }),
    [setStored],
  );
  return [state, update] as const;
}

/** The list call for a state; only principal brokers and assistants filter by broker. */
export function toCustomersQuery(state: ClientsListState, canFilterByBroker: boolean): CustomersQuery {
  return {
    offset: (state.page - 1) * state.pageSize,
    limit: state.pageSize,
    search: state.search.trim(),
    status: state.status,
    deal_type: state.dealType,
    broker: canFilterByBroker ? state.broker : '',
  };
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
