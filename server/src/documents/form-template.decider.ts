import { DomainError } from '../platform/domain/domain-error.js';
import type { Decider } from '../platform/event-store/decider.js';
import type { FormTemplateCreated } from './form-template.events.js';

export type FormTemplateEvent = FormTemplateCreated;

export interface FormTemplateState {
  exists: boolean;
}

export type FormTemplateCommand = { type: 'CreateFormTemplate'; template: FormTemplateCreated['data'] };

/** A form template: created once; forms copy its fields, so it is never edited in place. */
export const formTemplateDecider: Decider<FormTemplateState, FormTemplateCommand, FormTemplateEvent> = {
  initialState: () => ({ exists: false }),

  evolve: () => ({ exists: true }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateFormTemplate':
        if (state.exists)
          throw DomainError.conflict('form_template_exists', 'This form template already exists.');
        return [{ type: 'form_template.created', data: command.template }];
    }
  },
};
