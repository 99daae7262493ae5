import type { NewEvent } from '../platform/event-store/event.types.js';

export const LAWYER_STREAM = 'lawyer';

export type LawyerRegistered = NewEvent<
  'lawyer.registered',
  {
    lawyerId: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    company: string;
    addressLine: string;
    isTrustedPartner: boolean;
    isInternal: boolean;
    createdByCustomerId: string | null;
  }
>;
export const LAWYER_EVENT_TYPES = ['lawyer.registered'] as const;
