import { DomainError } from '../platform/domain/domain-error.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { AppraiserRegistered } from './appraiser.events.js';

export type AppraiserEvent = AppraiserRegistered;

export interface AppraiserState {
  exists: boolean;
}

export type AppraiserCommand = { type: 'RegisterAppraiser'; appraiser: AppraiserRegistered['data'] };

/** An appraiser of the directory: registered once with the banks they work for. */
export const appraiserDecider: Decider<AppraiserState, AppraiserCommand, AppraiserEvent> = {
  initialState: () => ({ exists: false }),

  evolve: () => ({ exists: true }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterAppraiser':
        if (state.exists)
          throw DomainError.conflict('appraiser_exists', 'This appraiser is already registered.');
        return [{ type: 'appraiser.registered', data: command.appraiser }];
    }
  },
};
