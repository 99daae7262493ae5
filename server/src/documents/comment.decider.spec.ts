import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { commentDecider, commentReadsDecider, MAX_COMMENT_LENGTH } from './comment.decider.js';
import type { CommentEvent } from './form.events.js';

const given = specFor(commentDecider);
const add = {
  type: 'AddComment' as const,
  commentId: 'm1',
  fileId: 'file1',
  code: 'f1',
  customerId: 'c1',
  authorId: 'u1',
  text: '  Is this page two?  ',
  file: null,
};
const { type: _command, ...addedData } = add;
const added: CommentEvent = { type: 'comment.added', data: { ...addedData, text: 'Is this page two?' } };
const deleted: CommentEvent = {
  type: 'comment.deleted',
  data: { fileId: 'file1', code: 'f1', customerId: 'c1' },
};
const del = (byUserId: string, byRole: string, fileId = 'file1') =>
  ({ type: 'DeleteComment', fileId, byUserId, byRole }) as const;

describe('comment decider', () => {
  it('adds a message with its text trimmed', () => given([]).when(add).then([added]));
  it('refuses an empty message without a file, and one too long', () => {
    given([])
      .when({ ...add, text: '   ' })
      .thenRefuses('invalid');
    given([])
      .when({ ...add, text: 'x'.repeat(MAX_COMMENT_LENGTH + 1) })
      .thenRefuses('invalid');
  });
  it('takes a message that is only a file', () =>
    given([])
      .when({ ...add, text: '', file: { key: 'k', name: 'a.pdf', mimeType: 'application/pdf', size: 1 } })
      .then([
        {
          type: 'comment.added',
          data: {
            commentId: 'm1',
            fileId: 'file1',
            code: 'f1',
            customerId: 'c1',
            authorId: 'u1',
            text: '',
            file: { key: 'k', name: 'a.pdf', mimeType: 'application/pdf', size: 1 },
          },
        },
      ]));
  it('refuses a message id used twice', () => given([added]).when(add).thenRefuses('comment_exists'));

  it('lets the author or a principal broker delete a message', () => {
    given([added]).when(del('u1', 'customer')).then([deleted]);
    given([added]).when(del('u9', 'principal_broker')).then([deleted]);
  });
  it('refuses anyone else, a deleted message, and a message of another file', () => {
    given([added]).when(del('u9', 'broker')).thenRefuses('permission_denied');
    given([added, deleted]).when(del('u1', 'customer')).thenRefuses('comment_not_found');
    given([added])
      .when(del('u1', 'customer', 'file2'))
      .thenRefuses('comment_not_found');
    given([]).when(del('u1', 'customer')).thenRefuses('comment_not_found');
  });

  it('records a preview once, and refuses one for no message', () => {
    const thumbnail: CommentEvent = {
      type: 'comment.thumbnail_created',
      data: { fileId: 'file1', code: 'f1', customerId: 'c1', key: 'k.webp' },
    };
    given([added]).when({ type: 'RecordThumbnail', key: 'k.webp' }).then([thumbnail]);
    given([added, thumbnail]).when({ type: 'RecordThumbnail', key: 'k.webp' }).then([]);
    given([]).when({ type: 'RecordThumbnail', key: 'k.webp' }).thenRefuses('comment_not_found');
  });
});

describe('chat read marks', () => {
  const reads = specFor(commentReadsDecider);
  const mark = (upToPosition: number) => ({ fileId: 'file1', customerId: 'c1', userId: 'u1', upToPosition });
  it('marks the chat read up to the newest message shown', () =>
    reads([])
      .when({ type: 'MarkRead', mark: mark(12) })
      .then([{ type: 'comments.marked_read', data: mark(12) }]));
  it('records nothing when the reader has already read that far', () => {
    reads([{ type: 'comments.marked_read', data: mark(12) }])
      .when({ type: 'MarkRead', mark: mark(12) })
      .then([]);
    reads([{ type: 'comments.marked_read', data: mark(12) }])
      .when({ type: 'MarkRead', mark: mark(7) })
      .then([]);
    reads([])
      .when({ type: 'MarkRead', mark: mark(0) })
      .then([]);
  });
});
