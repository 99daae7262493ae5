import { api } from '../../api/http';
import type { CustomerView } from '../customers/types';
import type { Lawyer, OwnLawyerPayload } from './types';

/** The calls of the lawyer step (spec section 7). Customers pass their own customer id. */

export function listLawyers(customerId: string, search: string, signal?: AbortSignal) {
  return api.core.list<Lawyer>(
    `/customers/${customerId}/lawyers/`,
    { offset: 0, limit: 1000, search },
    signal,
  );
}

/** A customer's pick waits for approval; a staff member's pick is assigned at once. */
export function pickLawyer(customerId: string, lawyerId: string) {
  return api.core.post<CustomerView>(`/customers/${customerId}/lawyers/${lawyerId}/add/`);
}

export function addOwnLawyer(customerId: string, payload: OwnLawyerPayload) {
  return api.core.post<CustomerView>(`/customers/${customerId}/lawyers/`, payload);
}

export function editLawyer(customerId: string, lawyerId: string, payload: Partial<OwnLawyerPayload>) {
  return api.core.patch<Lawyer>(`/customers/${customerId}/lawyers/${lawyerId}/`, payload);
}

export function revokeLawyer(customerId: string, requestId?: string) {
  return api.core.patch<CustomerView>(`/customers/${customerId}/lawyers/revoke/`, undefined, { requestId });
}

export function approveLawyer(customerId: string, requestId?: string) {
  return api.core.patch<CustomerView>(`/customers/${customerId}/lawyers/approve/`, undefined, { requestId });
}

/** Staff keep the assigned lawyer the customer asked to revoke. */
export function rejectLawyerRevoke(customerId: string, requestId?: string) {
  return api.core.patch<CustomerView>(`/customers/${customerId}/lawyers/reject_revoke/`, undefined, {
    requestId,
  });
}

/** The customer's own details (the lawyer step asks to check them); answers the client view. */
export function updateOwnDetails(changes: Record<string, string>) {
  return api.core.patch<CustomerView>('/customers/me/', changes);
}
