import type { Decider } from '../platform/event-store/decider.js';
import type { NewEvent } from '../platform/event-store/event.types.js';

/** A reader's mark in a conversation (a client's notes, a file's chat): read up to a position in the log. */
export type ReadMarkEvent = NewEvent<string, { upToPosition: number }>;

export interface ReadMarksState {
  readUpTo: number;
}

export interface MarkRead<Mark> {
  type: 'MarkRead';
  /** What the event records, with the log position of the newest message the reader was shown. */
  mark: Mark;
}

/**
 * One reader's marks in one conversation, a stream of its own. A mark only moves forward: a reader who
 * has already seen up to the newest message records nothing.
 */
export function readMarksDecider<Event extends ReadMarkEvent>(
  eventType: Event['type'],
): Decider<ReadMarksState, MarkRead<Event['data']>, Event> {
  return {
    initialState: () => ({ readUpTo: 0 }),
    evolve: (state, event) =>
      event.type === eventType ? { readUpTo: Math.max(state.readUpTo, event.data.upToPosition) } : state,
    decide: (command, state) =>
      command.mark.upToPosition > state.readUpTo ? [{ type: eventType, data: command.mark } as Event] : [],
  };
}
