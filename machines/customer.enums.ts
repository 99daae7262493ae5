/** Application status of a client. 'canceled' is accepted on input and stored as 'cancelled'. */
export const CUSTOMER_STATUSES = [
  'active',
  'approved',
  'pre_approved',
  'broker_complete',
  'funded',
  'closed',
  'cancelled',
  'consent_signed',
] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const DEAL_TYPES = ['purchase', 'refinance', 'second_mortgage'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

export const CUSTOMER_TYPES = ['applicant', 'realtor', 'tenant', 'relative'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export function normaliseStatus(value: string): string {
  return value === 'canceled' ? 'cancelled' : value;
}
