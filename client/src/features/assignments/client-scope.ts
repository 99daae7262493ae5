import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { Role } from '@machines/roles';
import { isStaff } from '../../app/routes';
import { curatorsQueryKey } from '../../app/layout/CustomerHeader';
import { useCurrentUser } from '../auth/session';
import { storeCustomer, useCustomer } from '../customers/queries';
import type { CustomerView } from '../customers/types';
import { ownProfileKey, useOwnProfile } from '../documents/queries';
import { appraiserKeys, lawyerKeys } from './live';

/**
 * Whose file a lawyer or appraiser page is about. Customers act on their own file (their customer id
 * and their own profile as the client); staff on the client of the route.
 */
export interface ClientScope {
  staff: boolean;
  role: Role;
  customerId: string | undefined;
  client: CustomerView | undefined;
  /** The client is still being read for the first time. */
  loading: boolean;
  error: unknown;
}

export function useClientScope(): ClientScope {
  const user = useCurrentUser();
  const { clientID } = useParams();
  const staff = isStaff(user?.role);
  const own = useOwnProfile(!!user && !staff);
  const theirs = useCustomer(staff ? clientID : undefined);
  const query = staff ? theirs : own;
  const customerId = staff ? clientID : user?.customer_id ? String(user.customer_id) : undefined;
  return {
    staff,
    role: (user?.role ?? 'customer') as Role,
    customerId,
    client: query.data,
    loading: query.isPending,
    error: query.error,
  };
}

/** The roadmap steps of the signed-in customer, as the server displays them. */
export const roadmapStepsKey = [...ownProfileKey, 'steps'] as const;

/** Keeps a client view the server just answered, wherever it is shown. */
export function storeClientView(queryClient: QueryClient, staff: boolean, view: CustomerView): void {
  // The lists carry the client's lawyer and appraiser (own lawyers, assignment and quote dates).
  void queryClient.invalidateQueries({ queryKey: lawyerKeys.customer(view.id) });
  void queryClient.invalidateQueries({ queryKey: appraiserKeys.customer(view.id) });
  if (staff) {
    storeCustomer(queryClient, view);
    return;
  }
  queryClient.setQueryData(ownProfileKey, view);
  void queryClient.invalidateQueries({ queryKey: roadmapStepsKey });
  void queryClient.invalidateQueries({ queryKey: curatorsQueryKey });
}

export function useStoreClientView(staff: boolean) {
  const queryClient = useQueryClient();
  return useCallback((view: CustomerView) => storeClientView(queryClient, staff, view), [queryClient, staff]);
}
