import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { Role } from '@machines/roles';
import { isStaff } from '../../app/routes';
import { roadmapStepsKey } from '../../api/query-keys';
import { useCurrentUser } from '../auth/session';
import { customerKeys, useCustomer } from '../customers/queries';
import type { CustomerView } from '../customers/types';
import { ownProfileKey, useOwnProfile } from '../documents/queries';

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

export { roadmapStepsKey };

/** Where a client view is cached: staff read the client by id, a customer reads their own file. */
export function clientViewKey(staff: boolean, customerId: string): QueryKey {
  return staff ? customerKeys.detail(customerId) : ownProfileKey;
}

/** Keeps a client view the server just answered; what else the change touched follows from its pushes. */
export function storeClientView(queryClient: QueryClient, staff: boolean, view: CustomerView): void {
  queryClient.setQueryData(clientViewKey(staff, view.id), view);
}

export function useStoreClientView(staff: boolean) {
  const queryClient = useQueryClient();
  return useCallback((view: CustomerView) => storeClientView(queryClient, staff, view), [queryClient, staff]);
}
