import { registerInvalidationRule } from '../../api/domain-events';
import { curatorsQueryKey } from '../../app/layout/CustomerHeader';
import { customerKeys } from '../customers/queries';
import { ownProfileKey } from '../documents/queries';

/** Query keys of the assignment lists; everything about one client sits under its id. */
export const lawyerKeys = {
  all: ['lawyers'] as const,
  customer: (customerId: string) => ['lawyers', customerId] as const,
  list: (customerId: string, search: string) => ['lawyers', customerId, 'list', search] as const,
};

export const appraiserKeys = {
  all: ['appraisers'] as const,
  banks: () => ['appraisers', 'banks'] as const,
  customer: (customerId: string) => ['appraisers', customerId] as const,
  list: (customerId: string, filters: { location: string; bank: string }) =>
    ['appraisers', customerId, 'list', filters] as const,
};

/**
 * Live updates of assignments and steps: when staff approve a lawyer, assign an appraiser or change a
 * step (or the customer picks a lawyer), the roadmap, the side panel, the lists and the open lawyer and
 * appraiser pages of everyone concerned read their data again.
 */
registerInvalidationRule({
  match: ['lawyer.*', 'appraiser.*', 'appraisal.*', 'customer.steps_changed'],
  queryKeys: (event) => [
    [...ownProfileKey],
    [...curatorsQueryKey],
    [...customerKeys.lists()],
    ...(event.customer_id
      ? [
          [...customerKeys.detail(event.customer_id)],
          [...customerKeys.history(event.customer_id)],
          [...lawyerKeys.customer(event.customer_id)],
          [...appraiserKeys.customer(event.customer_id)],
        ]
      : [[...lawyerKeys.all], [...appraiserKeys.all]]),
  ],
});
