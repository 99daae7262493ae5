import type { NewEvent } from '../platform/event-store/event.types.js';

export const BANK_STREAM = 'bank';
export const APPRAISER_STREAM = 'appraiser';

export type BankRegistered = NewEvent<'bank.registered', { bankId: string; name: string }>;
export type AppraiserRegistered = NewEvent<
  'appraiser.registered',
  {
    appraiserId: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    locations: string[];
    bankIds: string[];
  }
>;
export const APPRAISER_DIRECTORY_EVENT_TYPES = ['bank.registered', 'appraiser.registered'] as const;
