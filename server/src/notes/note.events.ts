import type { NewEvent } from '../platform/event-store/event.types.js';

export const NOTE_STREAM = 'note';
export const NOTE_READS_STREAM = 'note_reads';

export interface NoteFile {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

export type NoteAdded = NewEvent<
  'note.added',
  { noteId: string; customerId: string; authorId: string; text: string; file: NoteFile | null }
>;
export type NoteDeleted = NewEvent<'note.deleted', { customerId: string }>;
/** A staff member has read a client's notes up to a point in the log. */
export type NotesMarkedRead = NewEvent<
  'notes.marked_read',
  { customerId: string; userId: string; upToPosition: number }
>;

export type NoteEvent = NoteAdded | NoteDeleted;
export const NOTE_EVENT_TYPES = ['note.added', 'note.deleted', 'notes.marked_read'] as const;
