import { expect } from '@jest/globals';
import type { Decider } from '../../server/src/platform/event-store/decider.js';
import type { NewEvent } from '../../server/src/platform/event-store/event.types.js';

/** given(past events).when(command).then(new events): decider specs that need no database. */
export function specFor<State, Command, Event extends NewEvent>(decider: Decider<State, Command, Event>) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const decide = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: Event[]) => expect(decide()).toEqual(expected),
        thenRefuses: (code: string, message?: string) =>
          expect(decide).toThrow(
            expect.objectContaining(message === undefined ? { code } : { code, message }) as unknown as Error,
          ),
      };
    },
  });
}
