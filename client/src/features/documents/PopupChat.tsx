import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { IconDownload, IconMessages, IconPaperclip, IconSend2, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fromPromise } from 'xstate';
import { personName } from '@machines/customer.rules';
import { FILE_TOO_LARGE_MESSAGE, formatFileSize, isFileTooLarge } from '@machines/files';
import {
  DELETE_UNKNOWN_MESSAGE,
  FEED_PAGE_SIZE,
  messageFeedMachine,
  type FeedItem,
  type FeedMessage,
  type FeedPage,
} from '@machines/message-feed.machine';
import { useDomainEvents } from '../../api/domain-events';
import { confirm } from '../../ui/confirm';
import { toast, toastError } from '../../ui/toast';
import { useCurrentUser } from '../auth/session';
import { addComment, deleteComment, listComments, markCommentsRead } from './api';
import { downloadUrl, shortDateTime } from './format';
import { refreshDocuments } from './queries';
import type { FileComment } from './types';
import { FileTypeIcon } from './UploadedFile';

export const COMMENT_MAX_LENGTH = 2000;
/** Older messages load when the list is scrolled within this distance of the top. */
const LOAD_OLDER_WITHIN_PX = 100;

export type PopupChatProps = {
  code: string;
  fileId: string;
  fileName: string;
  created: string;
  customerId: string;
};

/** How each author's messages are marked: the role's badge and the colour of the bubble's edge. */
const ROLE_STYLE: Record<string, { label: string; color: string }> = {
  customer: { label: 'Client', color: 'blue' },
  principal_broker: { label: 'Principal broker', color: 'grape' },
  broker: { label: 'Broker', color: 'petrol' },
  assistant: { label: 'Assistant', color: 'orange' },
};

function CommentAttachment({ comment }: { comment: FileComment }) {
  if (!comment.file) return null;
  const name = comment.file_name ?? 'Attached file';
  if (comment.file_thumbnail || comment.file_type?.startsWith('image/')) {
    return (
      <Box component="a" href={comment.file} target="_blank" rel="noopener noreferrer" display="block">
        <Image
          src={comment.file_thumbnail ?? comment.file}
          alt={name}
          radius="sm"
          mah={180}
          w="auto"
          maw="100%"
          fit="contain"
        />
      </Box>
    );
  }
  return (
    <Paper withBorder radius="sm" px="sm" py={6} bg="white">
      <Group gap="xs" wrap="nowrap">
        <FileTypeIcon type={comment.file_type} name={name} size={26} />
        <Text
          size="sm"
          component="a"
          href={comment.file}
          target="_blank"
          rel="noopener noreferrer"
          c="petrol.8"
          fw={500}
          truncate
          style={{ minWidth: 0, flex: 1 }}
        >
          {name}
        </Text>
        <ActionIcon
          component="a"
          href={downloadUrl(comment.file)}
          variant="subtle"
          size="sm"
          aria-label={`Download ${name}`}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function CommentBubble({
  comment,
  own,
  canDelete,
  deleting,
  onDelete,
}: {
  comment: FileComment;
  own: boolean;
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const role = ROLE_STYLE[comment.author?.role ?? ''] ?? { label: 'Staff', color: 'gray' };
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="chat-message" data-own={own}>
      <Paper
        radius="lg"
        px="md"
        py="sm"
        maw="85%"
        withBorder={!own}
        bg={own ? 'teal.0' : 'white'}
        style={{
          borderTopRightRadius: own ? 4 : undefined,
          borderTopLeftRadius: own ? undefined : 4,
          border: own ? '1px solid var(--mantine-color-teal-2)' : undefined,
          borderLeft: own ? undefined : `3px solid var(--mantine-color-${role.color}-4)`,
        }}
      >
        <Stack gap={6}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text size="sm" fw={700} c="navy.9" truncate>
                {own ? 'You' : personName(comment.author) || 'Former member'}
              </Text>
              <Badge size="xs" variant="light" color={role.color} radius="sm">
                {role.label}
              </Badge>
            </Group>
            {canDelete && (
              <Tooltip label="Delete message" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  onClick={onDelete}
                  loading={deleting}
                  aria-label="Delete message"
                >
                  <IconTrash size={15} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {comment.text && (
            <Text size="sm" c="navy.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.text}
            </Text>
          )}
          <CommentAttachment comment={comment} />
          <Text size="xs" c="dimmed" ta={own ? 'right' : 'left'}>
            {shortDateTime(comment.modified)}
          </Text>
        </Stack>
      </Paper>
    </Group>
  );
}

/** 'Comments to:' an uploaded file: the chat between the client and their mortgage team about it. */
export function PopupChat({ innerProps }: ContextModalProps<PopupChatProps>) {
  const { code, fileId, customerId } = innerProps;
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const [logic] = useState(() =>
    messageFeedMachine.provide({
      actors: {
        loadPage: fromPromise<FeedPage<FeedItem>, { offset: number; limit: number }>(
          async ({ input, signal }) => {
            const page = await listComments(code, fileId, input.offset, input.limit, signal);
            return { items: page.data, count: page.count };
          },
        ),
        sendMessage: fromPromise<FeedItem, FeedMessage>(({ input }) =>
          addComment(code, fileId, input.text, input.file as File | null),
        ),
        deleteMessage: fromPromise<unknown, { id: string | number }>(({ input }) =>
          deleteComment(code, fileId, String(input.id)),
        ),
      },
    }),
  );
  const feed = useActorRef(logic, { input: { pageSize: FEED_PAGE_SIZE } });
  const comments = useSelector(feed, (s) => s.context.items) as FileComment[];
  const loading = useSelector(feed, (s) => s.matches({ paging: 'loading' }));
  const failed = useSelector(feed, (s) => s.matches({ paging: 'failed' }));
  const sending = useSelector(feed, (s) => s.matches({ sending: 'sending' }));
  const deletingId = useSelector(feed, (s) => s.context.deletingId);
  const hasMore = useSelector(
    feed,
    (s) => !s.context.exhausted && (s.context.count === null || s.context.items.length < s.context.count),
  );
  const firstLoad = useSelector(feed, (s) => s.context.page === 0);

  // Opening the chat marks its messages read (errors are only logged); the counters follow.
  const markRead = useCallback(() => {
    markCommentsRead(code, fileId).then(
      () => refreshDocuments(queryClient, customerId),
      (error: unknown) => console.warn('Could not mark the comments read', error),
    );
  }, [code, fileId, customerId, queryClient]);
  useEffect(() => {
    markRead();
  }, [markRead]);

  useEffect(() => {
    const subscriptions = [
      feed.on('sent', () => {
        setText('');
        setFile(null);
        textarea.current?.focus();
        refreshDocuments(queryClient, customerId);
      }),
      feed.on('sendFailed', ({ error }) => toastError(error)),
      feed.on('deleted', () => refreshDocuments(queryClient, customerId)),
      feed.on('deleteFailed', ({ error }) => toastError(error, DELETE_UNKNOWN_MESSAGE)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [feed, queryClient, customerId]);

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

  // Keep the reader's place when older messages are prepended; follow new ones at the bottom.
  const edges = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const first = comments[0]?.id;
    const last = comments.at(-1)?.id;
    const previous = edges.current;
    if (previous.last !== last) {
      element.scrollTop = element.scrollHeight;
    } else if (previous.first !== first && previous.first !== undefined) {
      element.scrollTop += element.scrollHeight - previous.height;
    }
    edges.current = { first, last, height: element.scrollHeight };
  }, [comments]);

  // A short first page that does not fill the box: fetch older messages until it scrolls or none are left.
  useEffect(() => {
    const element = viewport.current;
    if (!element || loading || !hasMore || firstLoad) return;
    if (element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX)
      feed.send({ type: 'LOAD_OLDER' });
  }, [comments, loading, hasMore, firstLoad, feed]);

  const send = () => {
    if (sending) return;
    feed.send({ type: 'SEND', text, file });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey) {
      // Ctrl+Enter starts a new line.
      event.preventDefault();
      const target = event.currentTarget;
      const { selectionStart, selectionEnd, value } = target;
      const next = `${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`.slice(
        0,
        COMMENT_MAX_LENGTH,
      );
      setText(next);
      requestAnimationFrame(() => target.setSelectionRange(selectionStart + 1, selectionStart + 1));
      return;
    }
    if (event.shiftKey) return;
    event.preventDefault();
    send();
  };

  const attach = (picked: File | null) => {
    if (!picked) return;
    if (isFileTooLarge(picked.size)) {
      toast.error(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    setFile(picked);
  };

  const remove = async (comment: FileComment) => {
    const confirmed = await confirm({
      title: 'Delete this message?',
      message: 'The message and its attached file will be removed for everyone.',
      confirmLabel: 'Delete message',
      danger: true,
    });
    if (confirmed) feed.send({ type: 'DELETE', id: comment.id });
  };

  const canSend = (text.trim() !== '' || !!file) && !sending;

  return (
    <Stack gap="sm">
      <Paper radius="md" bg="gray.0" withBorder style={{ overflow: 'hidden' }}>
        <ScrollArea
          h={{ base: 'calc(100dvh - 250px)', sm: 'min(56dvh, 480px)' }}
          viewportRef={viewport}
          type="auto"
          offsetScrollbars
          onScrollPositionChange={({ y }) => {
            if (y < LOAD_OLDER_WITHIN_PX && hasMore && !loading && !firstLoad)
              feed.send({ type: 'LOAD_OLDER' });
          }}
        >
          <Stack
            gap="sm"
            p="md"
            mih={{ base: 'calc(100dvh - 270px)', sm: 'calc(min(56dvh, 480px) - 20px)' }}
            justify={comments.length ? 'flex-end' : 'center'}
            data-testid="chat-messages"
          >
            {loading && (
              <Center py="xs">
                <Loader size="sm" />
              </Center>
            )}
            {failed && (
              <Center>
                <Button size="xs" variant="light" onClick={() => feed.send({ type: 'RETRY' })}>
                  Could not load the messages. Try again
                </Button>
              </Center>
            )}
            {!loading && !failed && comments.length === 0 && (
              <Stack align="center" gap="xs">
                <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                  <IconMessages size={26} stroke={1.5} />
                </ThemeIcon>
                <Text c="dimmed" size="sm">
                  No messages yet..
                </Text>
              </Stack>
            )}
            {comments.map((comment) => {
              const own = !!me && comment.author?.id === String(me.id);
              return (
                <CommentBubble
                  key={comment.id}
                  comment={comment}
                  own={own}
                  canDelete={own || me?.role === 'principal_broker'}
                  deleting={deletingId === comment.id}
                  onDelete={() => void remove(comment)}
                />
              );
            })}
          </Stack>
        </ScrollArea>
      </Paper>

      {file && (
        <Paper withBorder radius="md" px="sm" py={6}>
          <Group gap="xs" wrap="nowrap">
            <IconPaperclip size={16} color="var(--mantine-color-petrol-7)" />
            <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size)}
            </Text>
            <CloseButton size="sm" onClick={() => setFile(null)} aria-label="Remove the attached file" />
          </Group>
        </Paper>
      )}

      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={attach} disabled={sending}>
          {(props) => (
            <Tooltip label="Attach a file" withArrow>
              <ActionIcon {...props} size={42} variant="default" radius="md" aria-label="Attach a file">
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          ref={textarea}
          placeholder="Type a message here"
          aria-label="Message"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          style={{ flex: 1 }}
          size="md"
          data-autofocus
        />
        <ActionIcon
          size={42}
          radius="md"
          onClick={send}
          disabled={!canSend}
          loading={sending}
          aria-label="Send"
        >
          <IconSend2 size={20} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" visibleFrom="sm">
          Enter sends, Ctrl+Enter adds a line.{' '}
          {me?.role === 'customer'
            ? 'Your mortgage team sees this chat.'
            : 'The client and their mortgage team see this chat.'}
        </Text>
        <Text size="xs" c={text.length >= COMMENT_MAX_LENGTH ? 'red' : 'dimmed'} ml="auto">
          {text.length}/{COMMENT_MAX_LENGTH}
        </Text>
      </Group>
    </Stack>
  );
}
