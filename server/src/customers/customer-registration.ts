import { randomUUID } from 'node:crypto';
import { noteDecider } from '../notes/note.decider.js';
import { NOTE_STREAM } from '../notes/note.events.js';
import { type EventStore, type StreamCommand, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import type { PasswordDelivery } from '../users/user.events.js';
import { registration } from '../users/user-registration.js';
import { customerDecider } from './customer.decider.js';
import { CUSTOMER_STREAM, type CustomerDetails } from './customer.events.js';

export interface CustomerRegistration {
  customerId: string;
  typedId: string;
  userId: string;
  details: CustomerDetails;
  passwordHash: string;
  /** A texted password asks for a new one at the first sign-in; a known (demo) password does not. */
  passwordDelivery: PasswordDelivery | null;
  /** The staff member who wrote the first note, and its text, when the client comes with one. */
  firstNote: { authorId: string; text: string } | null;
}

/** A client, their customer account with its phone number, and the first note: one change. */
export function customerRegistration(r: CustomerRegistration): StreamCommand[] {
  const { customerId, userId, details } = r;
  const commands = [
    streamCommand(
      customerDecider,
      { type: CUSTOMER_STREAM, id: customerId },
      { type: 'CreateCustomer', customerId, typedId: r.typedId, userId, details },
    ),
    ...registration({
      userId,
      role: 'customer',
      firstName: details.firstName,
      lastName: details.lastName,
      phoneNumber: details.phoneNumber,
      email: details.email,
      passwordHash: r.passwordHash,
      requireChangePassword: r.passwordDelivery !== null,
      customerId,
      passwordDelivery: r.passwordDelivery,
    }),
  ];
  if (!r.firstNote) return commands;
  const noteId = randomUUID();
  return [
    ...commands,
    streamCommand(
      noteDecider,
      { type: NOTE_STREAM, id: noteId },
      {
        type: 'AddNote',
        noteId,
        customerId,
        authorId: r.firstNote.authorId,
        text: r.firstNote.text,
        file: null,
      },
    ),
  ];
}

/** Registers a client: how staff create one and how demo clients are seeded. */
export async function registerCustomer(
  events: EventStore,
  r: CustomerRegistration,
  metadata: EventMetadata,
): Promise<void> {
  await events.handleAll(customerRegistration(r), metadata);
}
