import { api } from '../../api/http';
import type { CustomerView } from '../customers/types';
import type { Appraiser, AssignAppraiserPayload, Bank, QuoteRequestPayload } from './types';

/** The calls of the appraiser step (spec section 7). */

export function listBanks(signal?: AbortSignal) {
  return api.core.list<Bank>('/banks/', { offset: 0, limit: 1000, search: '' }, signal);
}

/** Appraisers by location (the search) and bank name; a customer gets only their own appraiser. */
export function listAppraisers(
  customerId: string,
  filters: { location: string; bank: string },
  signal?: AbortSignal,
) {
  return api.core.list<Appraiser>(
    `/customers/${customerId}/appraisers/`,
    { offset: 0, limit: 1000, search: filters.location, bank: filters.bank },
    signal,
  );
}

export function requestQuotes(customerId: string, payload: QuoteRequestPayload) {
  return api.core.post<CustomerView>(`/customers/${customerId}/appraisers/appraiser_request/`, payload);
}

export function assignAppraiser(
  customerId: string,
  appraiserId: string,
  payload: AssignAppraiserPayload,
  requestId?: string,
) {
  return api.core.post<CustomerView>(`/customers/${customerId}/appraisers/${appraiserId}/add/`, payload, {
    requestId,
  });
}

export function approveAppraiser(customerId: string, requestId?: string) {
  return api.core.patch<CustomerView>(`/customers/${customerId}/appraisers/approve/`, undefined, {
    requestId,
  });
}

export function revokeAppraiser(customerId: string, requestId?: string) {
  return api.core.patch<CustomerView>(`/customers/${customerId}/appraisers/revoke/`, undefined, {
    requestId,
  });
}
