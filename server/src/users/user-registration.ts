import { type StreamCommand, streamCommand } from '../platform/event-store/event-store.js';
import { phoneNumberDecider } from './phone-number.decider.js';
import { phoneNumberStream } from './phone-number.events.js';
import { type UserCommand, userDecider } from './user.decider.js';
import { USER_STREAM, type UserRegistered } from './user.events.js';

const userStream = (userId: string) => ({ type: USER_STREAM, id: userId });

/** A new account and the reservation of its phone number, to be appended together. */
export function registration(user: UserRegistered['data']): StreamCommand[] {
  return [
    streamCommand(userDecider, userStream(user.userId), { type: 'RegisterUser', ...user }),
    streamCommand(phoneNumberDecider, phoneNumberStream(user.phoneNumber), {
      type: 'Reserve',
      userId: user.userId,
    }),
  ];
}

/**
 * A change to an account's profile; a new phone number is reserved and the old one released in the
 * same append, so no other account can take either in between.
 */
export function profileUpdate(
  userId: string,
  currentPhoneNumber: string,
  changes: Extract<UserCommand, { type: 'UpdateProfile' }>['changes'],
): StreamCommand[] {
  const commands = [streamCommand(userDecider, userStream(userId), { type: 'UpdateProfile', changes })];
  const next = changes.phoneNumber;
  const from = phoneNumberStream(currentPhoneNumber);
  if (next === undefined || phoneNumberStream(next).id === from.id) return commands;
  return [
    ...commands,
    streamCommand(phoneNumberDecider, from, { type: 'Release', userId }),
    streamCommand(phoneNumberDecider, phoneNumberStream(next), { type: 'Reserve', userId }),
  ];
}

/**
 * An account that can no longer sign in; its phone number may be used by a new account. `userVersion`:
 * the version of the user's stream the caller saw, when it must not have changed since.
 */
export function deactivation(
  userId: string,
  phoneNumber: string,
  reason: string,
  userVersion?: number,
): StreamCommand[] {
  return [
    streamCommand(userDecider, userStream(userId), { type: 'Deactivate', reason }, userVersion),
    streamCommand(phoneNumberDecider, phoneNumberStream(phoneNumber), { type: 'Release', userId }),
  ];
}
