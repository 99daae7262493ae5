import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { readMarksDecider } from '../read-marks/read-marks.decider.js';
import type { NoteEvent, NoteFile, NotesMarkedRead } from './note.events.js';

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
  /** `customerId` is the client the note is reached through: another client's note is not found. */
  | { type: 'DeleteNote'; customerId: string; byUserId: string; byRole: string };

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
        if (state.exists) throw DomainError.conflict('note_exists', 'This note already exists.');
        if (!command.text.trim() && !command.file)
          throw DomainError.invalid('invalid', 'The text field is required', 'text');
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
        if (!state.exists || state.deleted || state.customerId !== command.customerId)
          throw DomainError.notFound('This note does not exist.');
        // Only its author or a principal broker may delete a note.
        if (state.authorId !== command.byUserId && command.byRole !== 'principal_broker') {
          throw DomainError.forbidden('Only the author or a principal broker may delete this note.');
        }
        return [{ type: 'note.deleted', data: { customerId: state.customerId! } }];
    }
  },
};

/** One staff member's marks in one client's notes. */
export const noteReadsDecider = readMarksDecider<NotesMarkedRead>('notes.marked_read');
