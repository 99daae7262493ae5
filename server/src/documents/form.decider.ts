import type { FileStatus, FormField } from '../../../machines/documents.js';
import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
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
  | { type: 'ArchiveForm'; replacedBy: string }
  /** Files stored for these fields are about to be attached; the form only has to accept them. */
  | { type: 'AcceptUpload'; fields: string[] }
  /** The files put in a lender package, with their statuses as read (each file is held at that version). */
  | {
      type: 'RecordLenderPackage';
      downloadedBy: string;
      includeInReview: boolean;
      files: { id: string; status: FileStatus }[];
    };

/** Field names are the multipart part names of an upload, so they must be unique and safe. */
export function checkFields(fields: FormField[]): void {
  const names = new Set<string>();
  fields.forEach((field, index) => {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(field.name)) {
      throw DomainError.invalid(
        'invalid',
        'A field name may contain only letters, digits, dashes and underscores.',
        `fields.${index}.name`,
      );
    }
    if (names.has(field.name))
      throw DomainError.invalid(
        'invalid',
        `The field name ${field.name} is used twice.`,
        `fields.${index}.name`,
      );
    if (!field.caption.trim())
      throw DomainError.invalid('invalid', 'The caption field is required', `fields.${index}.caption`);
    names.add(field.name);
  });
}

export const uploadRefusals = {
  archived: () =>
    DomainError.conflict('form_archived', 'This form was reset. Open the current upload link instead.'),
  noFiles: () => DomainError.invalid('no_files', 'Please upload at least one document!'),
};

export const lenderPackageRefusals = {
  noCheckedFile: () =>
    DomainError.conflict(
      'no_checked_files',
      'This client has no checked document yet: check at least one file before downloading the lender package.',
    ),
};

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
      case 'form.lender_package_downloaded':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateForm':
        if (state.exists) throw DomainError.conflict('form_exists', 'This form already exists.');
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
        if (!state.exists) throw DomainError.notFound('This form does not exist.');
        if (state.archived)
          throw DomainError.conflict(
            'form_archived',
            'This form was reset; edit the client’s current form instead.',
          );
        checkFields(command.fields);
        if (JSON.stringify(state.fields) === JSON.stringify(command.fields)) return [];
        return [
          { type: 'form.fields_saved', data: { customerId: state.customerId!, fields: command.fields } },
        ];
      case 'ArchiveForm':
        if (!state.exists) throw DomainError.notFound('This form does not exist.');
        if (state.archived) throw DomainError.conflict('form_archived', 'This form was already reset.');
        return [
          { type: 'form.archived', data: { customerId: state.customerId!, replacedBy: command.replacedBy } },
        ];
      case 'AcceptUpload': {
        // Nothing is recorded on the form: the files are their own streams, and the form's version is held
        // while they are appended, so a reset or a field change cannot slip in between.
        if (!state.exists) throw DomainError.notFound('This form does not exist.');
        if (state.archived) throw uploadRefusals.archived();
        if (command.fields.length === 0) throw uploadRefusals.noFiles();
        const enabled = new Set(state.fields.filter((f) => !f.disabled).map((f) => f.name));
        const refused = command.fields.find((field) => !enabled.has(field));
        if (refused !== undefined)
          throw DomainError.invalid(
            'unknown_field',
            `The field ${refused} does not take files here.`,
            refused,
          );
        return [];
      }
      case 'RecordLenderPackage': {
        if (!state.exists || state.archived) throw lenderPackageRefusals.noCheckedFile();
        if (!command.files.some((file) => file.status === 'checked'))
          throw lenderPackageRefusals.noCheckedFile();
        const refused = command.files.find(
          (file) => file.status === 'issue' || (file.status === 'in_review' && !command.includeInReview),
        );
        if (refused)
          throw DomainError.conflict(
            'not_packaged',
            `The file ${refused.id} is not ${command.includeInReview ? 'checked or in review' : 'checked'}.`,
          );
        return [
          {
            type: 'form.lender_package_downloaded',
            data: {
              customerId: state.customerId!,
              downloadedBy: command.downloadedBy,
              fileIds: command.files.map((file) => file.id),
              includeInReview: command.includeInReview,
            },
          },
        ];
      }
    }
  },
};
