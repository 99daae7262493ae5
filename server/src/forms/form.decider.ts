import type { FormField } from '../../../machines/documents.js';
import type { Decider } from '../platform/event-store/decider.js';
import { AppError } from '../platform/http/app-error.js';
import type { FormEvent } from './form.events.js';

export interface FormState {
  exists: boolean;
  archived: boolean;
  customerId: string | null;
  fields: FormField[];
}

export type FormCommand =
  | { type: 'CreateForm'; code: string; customerId: string; fields: FormField[]; replaces: string | null }
  | { type: 'SaveFields'; fields: FormField[] }
  | { type: 'ArchiveForm'; replacedBy: string };

/** Field names are the multipart part names of an upload, so they must be unique and safe. */
export function checkFields(fields: FormField[]): void {
  const names = new Set<string>();
  fields.forEach((field, index) => {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(field.name)) {
      throw AppError.invalidField(
        `fields.${index}.name`,
        'A field name may contain only letters, digits, dashes and underscores.',
      );
    }
    if (names.has(field.name))
      throw AppError.invalidField(`fields.${index}.name`, `The field name ${field.name} is used twice.`);
    if (!field.caption.trim())
      throw AppError.invalidField(`fields.${index}.caption`, 'The caption field is required');
    names.add(field.name);
  });
}

export const formDecider: Decider<FormState, FormCommand, FormEvent> = {
  initialState: () => ({ exists: false, archived: false, customerId: null, fields: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'form.created':
        return {
          exists: true,
          archived: false,
          customerId: event.data.customerId,
          fields: event.data.fields,
        };
      case 'form.fields_saved':
        return { ...state, fields: event.data.fields };
      case 'form.archived':
        return { ...state, archived: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateForm':
        if (state.exists) throw AppError.conflict('form_exists', 'This form already exists.');
        checkFields(command.fields);
        return [
          {
            type: 'form.created',
            data: {
              code: command.code,
              customerId: command.customerId,
              fields: command.fields,
              replaces: command.replaces,
            },
          },
        ];
      case 'SaveFields':
        if (!state.exists) throw AppError.notFound('This form does not exist.');
        if (state.archived)
          throw AppError.conflict(
            'form_archived',
            'This form was reset; edit the client’s current form instead.',
          );
        checkFields(command.fields);
        if (JSON.stringify(state.fields) === JSON.stringify(command.fields)) return [];
        return [
          { type: 'form.fields_saved', data: { customerId: state.customerId!, fields: command.fields } },
        ];
      case 'ArchiveForm':
        if (!state.exists) throw AppError.notFound('This form does not exist.');
        if (state.archived) throw AppError.conflict('form_archived', 'This form was already reset.');
        return [
          { type: 'form.archived', data: { customerId: state.customerId!, replacedBy: command.replacedBy } },
        ];
    }
  },
};
