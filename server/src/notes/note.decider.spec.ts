import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { noteDecider, noteReadsDecider } from './note.decider.js';
import type { NoteEvent } from './note.events.js';

const given = specFor(noteDecider);
const add = {
  type: 'AddNote' as const,
  noteId: 'n1',
  customerId: 'c1',
  authorId: 'u1',
  text: 'Called the lender.',
  file: null,
};
const added: NoteEvent = {
  type: 'note.added',
  data: { noteId: 'n1', customerId: 'c1', authorId: 'u1', text: 'Called the lender.', file: null },
};
const deleted: NoteEvent = { type: 'note.deleted', data: { customerId: 'c1' } };
const del = (byUserId: string, byRole: string, customerId = 'c1') =>
  ({ type: 'DeleteNote', customerId, byUserId, byRole }) as const;

describe('note decider', () => {
  it('adds a note', () => given([]).when(add).then([added]));
  it('takes a note that is only a file', () => {
    const file = { key: 'k', name: 'a.pdf', mimeType: 'application/pdf', size: 3 };
    given([])
      .when({ ...add, text: '', file })
      .then([{ type: 'note.added', data: { ...added.data, text: '', file } } as NoteEvent]);
  });
  it('refuses an empty note and a note id used twice', () => {
    given([])
      .when({ ...add, text: '  ' })
      .thenRefuses('invalid');
    given([added]).when(add).thenRefuses('note_exists');
  });

  it('lets the author or a principal broker delete a note', () => {
    given([added]).when(del('u1', 'broker')).then([deleted]);
    given([added]).when(del('u9', 'principal_broker')).then([deleted]);
  });
  it('refuses anyone else, a deleted note, and a note of another client', () => {
    given([added]).when(del('u9', 'assistant')).thenRefuses('permission_denied');
    given([added, deleted]).when(del('u1', 'broker')).thenRefuses('not_found');
    given([added])
      .when(del('u1', 'broker', 'c2'))
      .thenRefuses('not_found');
    given([]).when(del('u1', 'broker')).thenRefuses('not_found');
  });
});

describe('note read marks', () => {
  const reads = specFor(noteReadsDecider);
  const mark = (upToPosition: number) => ({ customerId: 'c1', userId: 'u1', upToPosition });
  it('marks the notes read up to the newest note shown', () =>
    reads([{ type: 'notes.marked_read', data: mark(3) }])
      .when({ type: 'MarkRead', mark: mark(9) })
      .then([{ type: 'notes.marked_read', data: mark(9) }]));
  it('records nothing when the reader has read that far', () =>
    reads([{ type: 'notes.marked_read', data: mark(9) }])
      .when({ type: 'MarkRead', mark: mark(9) })
      .then([]));
});
