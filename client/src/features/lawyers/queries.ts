import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lawyerKeys } from '../../api/query-keys';
import { useCommand } from '../../api/use-command';
import { toastError, TOAST_SHORT } from '../../ui/toast';
import { editLawyer, listLawyers } from './api';
import type { OwnLawyerPayload } from './types';

export const LAWYERS_LOAD_ERROR = 'Error while loading lawyers';

/** Trusted partners and the client's own lawyers matching a search; a load error is a 3 s toast. */
export function useLawyers(customerId: string | undefined, search: string) {
  const query = useQuery({
    queryKey: lawyerKeys.list(customerId ?? '', search),
    queryFn: async ({ signal }) => (await listLawyers(customerId!, search, signal)).data,
    enabled: !!customerId,
  });
  const { error } = query;
  useEffect(() => {
    if (error) toastError(error, LAWYERS_LOAD_ERROR, TOAST_SHORT);
  }, [error]);
  return query;
}

/** The client's lawyer with every detail (company, address), read from the client's list. */
export function useClientLawyer(customerId: string | undefined, lawyerId: string | null | undefined) {
  const lawyers = useLawyers(lawyerId ? customerId : undefined, '');
  return {
    ...lawyers,
    lawyer: lawyerId ? (lawyers.data?.find((lawyer) => lawyer.id === lawyerId) ?? null) : null,
  };
}

/**
 * Staff edit the client's lawyer. A lawyer's own record is not pushed to anyone (only the client's
 * assignment is), so the client's lawyer lists are read again here.
 */
export function useEditLawyer(customerId: string) {
  const queryClient = useQueryClient();
  return useCommand<unknown, { lawyerId: string; changes: Partial<OwnLawyerPayload> }>({
    send: ({ lawyerId, changes }) => editLawyer(customerId, lawyerId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lawyerKeys.customer(customerId) }),
  });
}
