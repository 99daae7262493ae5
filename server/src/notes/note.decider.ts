import type { Decider } from '../platform/event-store/decider.js';
import { AppError } from '../platform/http/app-error.js';
import type { NoteEvent, NoteFile } from './note.events.js';

export interface NoteState {
  exists: boolean;
  deleted: boolean;
  customerId: string | null;
  authorId: string | null;
}

export type NoteCommand =
  | {
      type: 'AddNote';
      noteId: string;
      customerId: string;
      authorId: string;
      text: string;
      file: NoteFile | null;
    }
  | { type: 'DeleteNote'; byUserId: string; byRole: string };

export const noteDecider: Decider<NoteState, NoteCommand, NoteEvent> = {
  initialState: () => ({ exists: false, deleted: false, customerId: null, authorId: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'note.added':
        return {
          exists: true,
          deleted: false,
          customerId: event.data.customerId,
          authorId: event.data.authorId,
        };
      case 'note.deleted':
        return { ...state, deleted: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddNote':
        if (state.exists) throw AppError.conflict('note_exists', 'This note already exists.');
        if (!command.text.trim() && !command.file)
          throw AppError.invalidField('text', 'The text field is required');
        return [
          {
            type: 'note.added',
            data: {
              noteId: command.noteId,
              customerId: command.customerId,
              authorId: command.authorId,
              text: command.text,
              file: command.file,
            },
          },
        ];
      case 'DeleteNote':
        if (!state.exists || state.deleted) throw AppError.notFound('This note does not exist.');
        // Only its author or a principal broker may delete a note.
        if (state.authorId !== command.byUserId && command.byRole !== 'principal_broker') {
          throw AppError.forbidden('Only the author or a principal broker may delete this note.');
        }
        return [{ type: 'note.deleted', data: { customerId: state.customerId! } }];
    }
  },
};
