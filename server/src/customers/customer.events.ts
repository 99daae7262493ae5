import type {
  CustomerStatus,
  CustomerType,
  DealType,
  NotifyType,
  StepState,
} from '../../../machines/customer.enums.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

export const CUSTOMER_STREAM = 'customer';

export interface SecondApplicant {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

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
  secondApplicant: SecondApplicant;
}

export type CustomerChanges = Partial<Omit<CustomerDetails, 'status'>>;
export type FolderChoice = 'create_folder' | 'rename_folder';

export type CustomerCreated = NewEvent<
  'customer.created',
  { customerId: string; typedId: string; userId: string; steps?: StepState[] } & CustomerDetails
>;
export type CustomerUpdated = NewEvent<
  'customer.updated',
  {
    changes: CustomerChanges;
    before: CustomerChanges;
    folder: { choice: FolderChoice; from: string | null; to: string | null } | null;
  }
>;
export type CustomerStatusChanged = NewEvent<
  'customer.status_changed',
  { from: CustomerStatus; to: CustomerStatus }
>;
export type CustomerDeleted = NewEvent<'customer.deleted', { userId: string; brokerId: string | null }>;
export type CustomerReviewRequested = NewEvent<'customer.review_requested', { requestedAt: string }>;
export type CustomerStepsChanged = NewEvent<'customer.steps_changed', { steps: StepState[] }>;
/** A message staff asked to send (upload link, lawyer e-mail); the notifications processor sends it. */
export type CustomerNotificationRequested = NewEvent<
  'customer.notification_requested',
  { notifyType: Exclude<NotifyType, 'resend_password' | 'request_review'> }
>;

export type CustomerEvent =
  | CustomerCreated
  | CustomerUpdated
  | CustomerStatusChanged
  | CustomerDeleted
  | CustomerReviewRequested
  | CustomerStepsChanged
  | CustomerNotificationRequested;

export const CUSTOMER_EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.status_changed',
  'customer.deleted',
  'customer.review_requested',
  'customer.steps_changed',
  'customer.notification_requested',
] as const satisfies readonly CustomerEvent['type'][];
