import type { Decider } from '../platform/event-store/decider.js';
import { AppError } from '../platform/http/app-error.js';
import type { CommentEvent, StoredFileRef } from './form.events.js';

export interface CommentState {
  exists: boolean;
  deleted: boolean;
  authorId: string | null;
  fileId: string | null;
  code: string | null;
  customerId: string | null;
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
  | { type: 'DeleteComment'; byUserId: string; byRole: string };

export const MAX_COMMENT_LENGTH = 2000;

export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    authorId: null,
    fileId: null,
    code: null,
    customerId: null,
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
        };
      case 'comment.deleted':
        return { ...state, deleted: true };
      case 'comment.thumbnail_created':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddComment': {
        const text = command.text.trim();
        if (!text && !command.file) throw AppError.invalidField('text', 'Write a message or attach a file.');
        if (text.length > MAX_COMMENT_LENGTH)
          throw AppError.invalidField(
            'text',
            `The text field may not be longer than ${MAX_COMMENT_LENGTH} characters`,
          );
        const { type: _type, ...data } = command;
        return [{ type: 'comment.added', data: { ...data, text } }];
      }
      case 'DeleteComment':
        if (!state.exists || state.deleted)
          throw AppError.notFound('Error while deleting message', 'comment_not_found');
        if (state.authorId !== command.byUserId && command.byRole !== 'principal_broker') {
          throw AppError.forbidden('Only the author or a principal broker may delete this message.');
        }
        return [
          {
            type: 'comment.deleted',
            data: { fileId: state.fileId!, code: state.code!, customerId: state.customerId! },
          },
        ];
    }
  },
};
