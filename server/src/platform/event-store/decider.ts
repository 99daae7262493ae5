import type { NewEvent } from './event.types.js';

/**
 * A pure decision model: `decide` turns a command into new events given the current state, and `evolve`
 * folds events into that state. Neither touches a database, so both are tested with given/when/then alone.
 */
export interface Decider<State, Command, Event extends NewEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}
