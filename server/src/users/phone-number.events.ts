import type { NewEvent } from '../platform/event-store/event.types.js';

/**
 * One stream per phone number (its digits): who may sign in with it. Two users cannot hold the same
 * number, because every registration and change of number appends here at the version it read.
 */
export const PHONE_NUMBER_STREAM = 'phone_number';

export type PhoneNumberReserved = NewEvent<'phone_number.reserved', { userId: string }>;
/** The holder changed number or was deactivated: the number may be reserved again. */
export type PhoneNumberReleased = NewEvent<'phone_number.released', { userId: string }>;
export type PhoneNumberEvent = PhoneNumberReserved | PhoneNumberReleased;

/** The stream of a phone number, named by its digits so '+1 416…' and '1416…' are one number. */
export function phoneNumberStream(phoneNumber: string): { type: string; id: string } {
  return { type: PHONE_NUMBER_STREAM, id: phoneNumber.replace(/\D/g, '') };
}
