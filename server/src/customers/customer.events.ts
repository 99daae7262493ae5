import type { CustomerStatus, CustomerType, DealType } from '../../../machines/customer.enums.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

export const CUSTOMER_STREAM = 'customer';

export interface CustomerDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  status: CustomerStatus;
  dealType: DealType;
  customerType: CustomerType;
  closingDate: string | null;
  filogixNumber: string | null;
  lender: string;
  addressLine: string;
  brokerId: string | null;
  assistantId: string | null;
  secondApplicant: { firstName: string; lastName: string; email: string; phoneNumber: string };
}

export type CustomerCreated = NewEvent<
  'customer.created',
  { customerId: string; typedId: string; userId: string } & CustomerDetails
>;

export type CustomerEvent = CustomerCreated;
export const CUSTOMER_EVENT_TYPES = ['customer.created'] as const;
