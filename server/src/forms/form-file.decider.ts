import type { FileStatus } from '../../../machines/documents.js';
import type { Decider } from '../platform/event-store/decider.js';
import { AppError } from '../platform/http/app-error.js';
import type { FormFileEvent } from './form.events.js';

export interface FormFileState {
  exists: boolean;
  code: string | null;
  customerId: string | null;
  status: FileStatus | null;
}

export type FormFileCommand = { type: 'ChangeStatus'; status: FileStatus };

/** Uploads are written directly (one event per stored file); this decides the review status. */
export const formFileDecider: Decider<FormFileState, FormFileCommand, FormFileEvent> = {
  initialState: () => ({ exists: false, code: null, customerId: null, status: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'form_file.uploaded':
        return {
          exists: true,
          code: event.data.code,
          customerId: event.data.customerId,
          status: 'in_review',
        };
      case 'form_file.status_changed':
        return { ...state, status: event.data.to };
      case 'form_file.thumbnail_created':
        return state;
    }
  },

  decide(command, state) {
    if (!state.exists) throw AppError.notFound('This file does not exist.');
    if (state.status === command.status) return [];
    return [
      {
        type: 'form_file.status_changed',
        data: { code: state.code!, customerId: state.customerId!, from: state.status!, to: command.status },
      },
    ];
  },
};
