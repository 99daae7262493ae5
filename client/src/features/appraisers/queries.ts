import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appraiserKeys } from '../assignments/live';
import { toastError, TOAST_SHORT } from '../../ui/toast';
import { listAppraisers, listBanks } from './api';

export const APPRAISERS_LOAD_ERROR = 'Error while loading appraisers';

export function useBanks(enabled = true) {
  return useQuery({
    queryKey: appraiserKeys.banks(),
    queryFn: async ({ signal }) => (await listBanks(signal)).data,
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Appraisers matching the filters; a load error is a 3 s toast. */
export function useAppraisers(
  customerId: string | undefined,
  filters: { location: string; bank: string },
  enabled = true,
) {
  const query = useQuery({
    queryKey: appraiserKeys.list(customerId ?? '', filters),
    queryFn: async ({ signal }) => (await listAppraisers(customerId!, filters, signal)).data,
    enabled: !!customerId && enabled,
  });
  const { error } = query;
  useEffect(() => {
    if (error) toastError(error, APPRAISERS_LOAD_ERROR, TOAST_SHORT);
  }, [error]);
  return query;
}

const NO_FILTERS = { location: '', bank: '' };

/** The client's appraiser (pending or assigned) with its details, or null. */
export function useClientAppraiser(customerId: string | undefined, appraiserId: string | null | undefined) {
  const appraisers = useAppraisers(customerId, NO_FILTERS, !!appraiserId);
  return {
    ...appraisers,
    appraiser: appraiserId ? (appraisers.data?.find((a) => a.id === appraiserId) ?? null) : null,
  };
}
