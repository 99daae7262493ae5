import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lawyerKeys } from '../assignments/live';
import { toastError, TOAST_SHORT } from '../../ui/toast';
import { listLawyers } from './api';

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
