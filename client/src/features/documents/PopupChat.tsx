import { Stack } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { useCallback, useEffect } from 'react';
import { useDomainEvents } from '../../api/domain-events';
import { useCurrentUser } from '../auth/session';
import { MessageComposer } from '../messages/MessageComposer';
import type { MessageFile, RoleStyle } from '../messages/MessageBubble';
import { MessageList } from '../messages/MessageList';
import { useMessageFeed } from '../messages/use-message-feed';
import { addComment, deleteComment, listComments, markCommentsRead } from './api';
import type { FileComment } from './types';
import { FileTypeIcon } from './UploadedFile';
import { TEXT_MAX_LENGTH } from '@machines/validation';

export const COMMENT_MAX_LENGTH = TEXT_MAX_LENGTH;

export type PopupChatProps = {
  code: string;
  fileId: string;
  fileName: string;
  created: string;
  customerId: string;
};

/** How each author's messages are marked: the role's badge and the colour of the bubble's edge. */
const ROLE_STYLE: Record<string, RoleStyle> = {
  customer: { label: 'Client', color: 'blue' },
  principal_broker: { label: 'Principal broker', color: 'grape' },
  broker: { label: 'Broker', color: 'petrol' },
  assistant: { label: 'Assistant', color: 'orange' },
};

const MESSAGE_DELETION = {
  label: 'Delete message',
  title: 'Delete this message?',
  message: 'The message and its attached file will be removed for everyone.',
};

function commentFile(comment: FileComment): MessageFile | null {
  if (!comment.file) return null;
  const name = comment.file_name ?? 'Attached file';
  return {
    url: comment.file,
    name,
    imageSrc:
      comment.file_thumbnail || comment.file_type?.startsWith('image/')
        ? (comment.file_thumbnail ?? comment.file)
        : undefined,
    icon: <FileTypeIcon type={comment.file_type} name={name} size={26} />,
  };
}

/** 'Comments to:' an uploaded file: the chat between the client and their mortgage team about it. */
export function PopupChat({ innerProps }: ContextModalProps<PopupChatProps>) {
  const { code, fileId, customerId } = innerProps;
  const me = useCurrentUser();
  const feed = useMessageFeed<FileComment>({
    list: (offset, limit, signal) => listComments(code, fileId, offset, limit, signal),
    add: (text, file) => addComment(code, fileId, text, file),
    remove: (id) => deleteComment(code, fileId, id),
  });

  // Opening the chat marks its messages read (errors are only logged); the counters follow from its push.
  const markRead = useCallback(() => {
    markCommentsRead(code, fileId).catch((error: unknown) =>
      console.warn('Could not mark the comments read', error),
    );
  }, [code, fileId]);
  useEffect(() => {
    markRead();
  }, [markRead]);

  // Messages written or deleted elsewhere appear here live, and are read by being shown.
  useDomainEvents((event) => {
    if (event.customer_id !== customerId) return;
    if (event.type === 'comment.added' || event.type === 'comment.thumbnail_created') {
      feed.send({ type: 'LIVE.ADDED' });
      if (event.type === 'comment.added') markRead();
    } else if (event.type === 'comment.deleted') {
      feed.send({ type: 'LIVE.DELETED', id: event.stream_id });
    }
  });

  return (
    <Stack gap="sm">
      <MessageList<FileComment>
        feed={feed}
        timeOf={(comment) => comment.modified}
        fileOf={commentFile}
        roles={ROLE_STYLE}
        formerAuthor="Former member"
        deletion={MESSAGE_DELETION}
        retryLabel="Could not load the messages. Try again"
        reservedHeight={250}
        testId="chat-messages"
        messageTestId="chat-message"
      />
      <MessageComposer
        feed={feed}
        maxLength={COMMENT_MAX_LENGTH}
        label="Message"
        draft={`chat.${fileId}`}
        hint={
          <>
            Enter sends, Ctrl+Enter adds a line.{' '}
            {me?.role === 'customer'
              ? 'Your mortgage team sees this chat.'
              : 'The client and their mortgage team see this chat.'}
          </>
        }
      />
    </Stack>
  );
}
