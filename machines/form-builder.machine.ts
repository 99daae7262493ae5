import { assign, emit, fromPromise, setup } from 'xstate';
import type { FormField } from './documents.js';
import {
  customField,
  fieldFromTemplate,
  fieldsAreValid,
  fieldsPayload,
  type RandomSource,
} from './form-builder.js';

/**
 * The field constructor of a client's document-request form (spec sections 2 'Client form page',
 * 4 'Form editing' and 5).
 *
 * - Fields come from the form set templates or are custom (type 'file'); every added field gets a name
 *   of its own with a random suffix.
 * - The form is marked changed on adding, editing, removing or selecting a template field, and marked
 *   unchanged after load, save or reset.
 * - Save is possible only when the form is valid, changed and nothing is loading.
 * - Reset archives the form (the client gets a fresh one with the same fields).
 *
 * The calls are promise actors the application provides (`saveForm`, `resetForm`); what they answer is
 * reported through the emitted `saved` and `reset` events.
 */

export interface FormBuilderInput {
  fields?: FormField[];
  random?: RandomSource;
}

export interface FormBuilderContext {
  fields: FormField[];
  changed: boolean;
  /** The field added last, to scroll to and focus. */
  lastAdded: string | null;
  random: RandomSource;
}

export type FieldChanges = Partial<Pick<FormField, 'caption' | 'disabled'>> & Partial<FormField['tutorial']>;

export type FormBuilderEvent =
  | { type: 'LOAD'; fields: FormField[] }
  | { type: 'ADD_CUSTOM' }
  | { type: 'ADD_TEMPLATE_FIELD'; field: FormField }
  /** Every field of a template at once. */
  | { type: 'ADD_TEMPLATE'; fields: FormField[] }
  | { type: 'UPDATE'; name: string; changes: FieldChanges }
  | { type: 'REMOVE'; name: string }
  | { type: 'MOVE'; name: string; by: -1 | 1 }
  | { type: 'SAVE' }
  | { type: 'RESET' };

export type FormBuilderEmitted =
  | { type: 'saved'; result: unknown; fields: FormField[] }
  | { type: 'saveFailed'; error: unknown }
  | { type: 'reset'; result: unknown }
  | { type: 'resetFailed'; error: unknown };

function applyChanges(field: FormField, changes: FieldChanges): FormField {
  const { caption, disabled, description, example } = changes;
  return {
    ...field,
    caption: caption ?? field.caption,
    disabled: disabled ?? field.disabled,
    tutorial: {
      description: description ?? field.tutorial.description,
      example: example ?? field.tutorial.example,
    },
  };
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`form builder actor "${name}" was not provided`));

export const formBuilderMachine = setup({
  types: {
    context: {} as FormBuilderContext,
    events: {} as FormBuilderEvent,
    input: {} as FormBuilderInput,
    emitted: {} as FormBuilderEmitted,
  },
  actors: {
    saveForm: fromPromise<unknown, { fields: FormField[] }>(notProvided('saveForm')),
    resetForm: fromPromise<unknown, void>(notProvided('resetForm')),
  },
  actions: {
    load: assign((_, fields: FormField[]) => ({ fields, changed: false, lastAdded: null })),
    addCustom: assign(({ context }) => {
      const field = customField(
        context.fields.map((f) => f.name),
        context.random,
      );
      return { fields: [...context.fields, field], changed: true, lastAdded: field.name };
    }),
    addFromTemplate: assign(({ context }, template: FormField[]) => {
      const taken = context.fields.map((f) => f.name);
      const added = template.map((field) => {
        const copy = fieldFromTemplate(field, taken, context.random);
        taken.push(copy.name);
        return copy;
      });
      if (!added.length) return {};
      return { fields: [...context.fields, ...added], changed: true, lastAdded: added[0].name };
    }),
    update: assign(({ context }, params: { name: string; changes: FieldChanges }) => ({
      fields: context.fields.map((field) =>
        field.name === params.name ? applyChanges(field, params.changes) : field,
      ),
      changed: true,
    })),
    remove: assign(({ context }, name: string) => ({
      fields: context.fields.filter((field) => field.name !== name),
      changed: true,
    })),
    move: assign(({ context }, params: { name: string; by: -1 | 1 }) => {
      const from = context.fields.findIndex((field) => field.name === params.name);
      const to = from + params.by;
      if (from < 0 || to < 0 || to >= context.fields.length) return {};
      const fields = [...context.fields];
      const [moved] = fields.splice(from, 1);
      fields.splice(to, 0, moved);
      return { fields, changed: true };
    }),
    reportSaved: emit((_, params: { result: unknown; fields: FormField[] }) => ({
      type: 'saved' as const,
      ...params,
    })),
    reportSaveFailed: emit((_, params: { error: unknown }) => ({ type: 'saveFailed' as const, ...params })),
    reportReset: emit((_, params: { result: unknown }) => ({ type: 'reset' as const, ...params })),
    reportResetFailed: emit((_, params: { error: unknown }) => ({ type: 'resetFailed' as const, ...params })),
  },
  guards: {
    canSave: ({ context }) => context.changed && fieldsAreValid(context.fields),
    hasField: ({ context }, name: string) => context.fields.some((field) => field.name === name),
  },
}).createMachine({
  id: 'formBuilder',
  initial: 'editing',
  context: ({ input }) => ({
    fields: input?.fields ?? [],
    changed: false,
    lastAdded: null,
    random: input?.random ?? Math.random,
  }),
  states: {
    editing: {
      on: {
        LOAD: { actions: { type: 'load', params: ({ event }) => event.fields } },
        ADD_CUSTOM: { actions: 'addCustom' },
        ADD_TEMPLATE_FIELD: { actions: { type: 'addFromTemplate', params: ({ event }) => [event.field] } },
        ADD_TEMPLATE: { actions: { type: 'addFromTemplate', params: ({ event }) => event.fields } },
        UPDATE: {
          guard: { type: 'hasField', params: ({ event }) => event.name },
          actions: { type: 'update', params: ({ event }) => event },
        },
        REMOVE: {
          guard: { type: 'hasField', params: ({ event }) => event.name },
          actions: { type: 'remove', params: ({ event }) => event.name },
        },
        MOVE: { actions: { type: 'move', params: ({ event }) => event } },
        SAVE: { guard: 'canSave', target: 'saving' },
        RESET: 'resetting',
      },
    },
    saving: {
      invoke: {
        src: 'saveForm',
        input: ({ context }) => ({ fields: fieldsPayload(context.fields) }),
        onDone: {
          target: 'editing',
          actions: [
            // What was sent is what is kept: trimmed captions, and the form is unchanged again.
            { type: 'load', params: ({ context }) => fieldsPayload(context.fields) },
            {
              type: 'reportSaved',
              params: ({ context, event }) => ({ result: event.output, fields: context.fields }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'reportSaveFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resetting: {
      invoke: {
        src: 'resetForm',
        onDone: {
          target: 'editing',
          actions: [
            assign({ changed: false, lastAdded: null }),
            { type: 'reportReset', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'reportResetFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type FormBuilderMachine = typeof formBuilderMachine;
