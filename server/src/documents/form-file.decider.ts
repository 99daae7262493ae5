import type { FileStatus } from '../../../machines/documents.js';
import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { FileUploaded, FormFileEvent } from './form.events.js';

export interface FormFileState {
  exists: boolean;
  code: string | null;
  customerId: string | null;
  status: FileStatus | null;
  hasThumbnail: boolean;
}

export type FormFileCommand =
  | { type: 'RecordUpload'; upload: FileUploaded['data'] }
  | { type: 'ChangeStatus'; status: FileStatus }
  | { type: 'RecordThumbnail'; key: string };

/** One stored file of a form: its upload, its review status and its preview. */
export const formFileDecider: Decider<FormFileState, FormFileCommand, FormFileEvent> = {
  initialState: () => ({ exists: false, code: null, customerId: null, status: null, hasThumbnail: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'form_file.uploaded':
        return {
          ...state,
          exists: true,
          code: event.data.code,
          customerId: event.data.customerId,
          status: 'in_review',
        };
      case 'form_file.status_changed':
        return { ...state, status: event.data.to };
      case 'form_file.thumbnail_created':
        return { ...state, hasThumbnail: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordUpload':
        if (state.exists) throw DomainError.conflict('file_exists', 'This file was already uploaded.');
        return [{ type: 'form_file.uploaded', data: command.upload }];
      case 'ChangeStatus':
        if (!state.exists) throw DomainError.notFound('This file does not exist.');
        if (state.status === command.status) return [];
        return [
          {
            type: 'form_file.status_changed',
            data: {
              code: state.code!,
              customerId: state.customerId!,
              from: state.status!,
              to: command.status,
            },
          },
        ];
      case 'RecordThumbnail':
        if (!state.exists) throw DomainError.notFound('This file does not exist.');
        // A preview made twice (a retried job) is recorded once.
        if (state.hasThumbnail) return [];
        return [
          {
            type: 'form_file.thumbnail_created',
            data: { code: state.code!, customerId: state.customerId!, key: command.key },
          },
        ];
    }
  },
};
