import type { Decider } from '../platform/event-store/decider.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { readMarksDecider } from '../read-marks/read-marks.decider.js';
import type { CommentEvent, CommentsMarkedRead, StoredFileRef } from './form.events.js';
import { TEXT_MAX_LENGTH } from '../../../machines/validation.js';

export interface CommentState {
  exists: boolean;
  deleted: boolean;
  authorId: string | null;
  fileId: string | null;
  code: string | null;
  customerId: string | null;
  hasThumbnail: boolean;
}

export type CommentCommand =
  | {
      type: 'AddComment';
      commentId: string;
      fileId: string;
      code: string;
      customerId: string;
      authorId: string;
      text: string;
      file: StoredFileRef | null;
    }
  /** `fileId` is the file the message is reached through: a message of another file is not found. */
  | { type: 'DeleteComment'; fileId: string; byUserId: string; byRole: string }
  | { type: 'RecordThumbnail'; key: string };

export const MAX_COMMENT_LENGTH = TEXT_MAX_LENGTH;

export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    authorId: null,
    fileId: null,
    code: null,
    customerId: null,
    hasThumbnail: false,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'comment.added':
        return {
          exists: true,
          deleted: false,
          authorId: event.data.authorId,
          fileId: event.data.fileId,
          code: event.data.code,
          customerId: event.data.customerId,
          hasThumbnail: false,
        };
      case 'comment.deleted':
        return { ...state, deleted: true };
      case 'comment.thumbnail_created':
        return { ...state, hasThumbnail: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddComment': {
        const text = command.text.trim();
        if (state.exists) throw DomainError.conflict('comment_exists', 'This message already exists.');
        if (!text && !command.file)
          throw DomainError.invalid('invalid', 'Write a message or attach a file.', 'text');
        if (text.length > MAX_COMMENT_LENGTH)
          throw DomainError.invalid(
            'invalid',
            `The text field may not be longer than ${MAX_COMMENT_LENGTH} characters`,
            'text',
          );
        const { type: _type, ...data } = command;
        return [{ type: 'comment.added', data: { ...data, text } }];
      }
      case 'DeleteComment':
        if (!state.exists || state.deleted || state.fileId !== command.fileId)
          throw DomainError.notFound('Error while deleting message', 'comment_not_found');
        if (state.authorId !== command.byUserId && command.byRole !== 'principal_broker') {
          throw DomainError.forbidden('Only the author or a principal broker may delete this message.');
        }
        return [
          {
            type: 'comment.deleted',
            data: { fileId: state.fileId!, code: state.code!, customerId: state.customerId! },
          },
        ];
      case 'RecordThumbnail':
        if (!state.exists) throw DomainError.notFound('This message does not exist.', 'comment_not_found');
        // A preview made twice (a retried job) is recorded once; a deleted message keeps its preview record.
        if (state.hasThumbnail) return [];
        return [
          {
            type: 'comment.thumbnail_created',
            data: {
              fileId: state.fileId!,
              code: state.code!,
              customerId: state.customerId!,
              key: command.key,
            },
          },
        ];
    }
  },
};

/** One reader's marks in one file's chat. */
export const commentReadsDecider = readMarksDecider<CommentsMarkedRead>('comments.marked_read');
