import { Button, Center, Loader, Paper, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { personName } from '@machines/customer.rules';
import { DELETE_UNKNOWN_MESSAGE } from '@machines/message-feed.machine';
import { confirm } from '../../ui/confirm';
import { toastError } from '../../ui/toast';
import { useCurrentUser } from '../auth/session';
import { MessageBubble, type MessageFile, type RoleStyle } from './MessageBubble';
import { shortDateTime } from './format';
import type { MessageFeed } from './use-message-feed';

/** Older messages load when the list is scrolled within this distance of the top. */
const LOAD_OLDER_WITHIN_PX = 100;

const UNKNOWN_ROLE: RoleStyle = { label: 'Staff', color: 'gray' };

export type ListedMessage = {
  id: string;
  text: string;
  author: { id: string; first_name: string; last_name: string; role: string } | null;
};

export type MessageListProps<T extends ListedMessage> = {
  feed: MessageFeed;
  /** The time a message shows. */
  timeOf: (message: T) => string;
  fileOf: (message: T) => MessageFile | null;
  roles: Record<string, RoleStyle>;
  /** The name shown for an author who is no longer known. */
  formerAuthor: string;
  /** The delete button's label and its confirmation. */
  deletion: { label: string; title: string; message: string };
  retryLabel: string;
  /** The height of the popup around the list on small screens. */
  reservedHeight: number;
  /** Keep following the bottom while attached pictures load. */
  followMediaLoads?: boolean;
  testId?: string;
  messageTestId: string;
};

/**
 * A feed's messages, oldest at the top: older ones load when scrolled near the top (keeping the
 * reader's place), new ones are followed at the bottom. One's own messages, and any for the
 * principal broker, can be deleted.
 */
export function MessageList<T extends ListedMessage>({
  feed,
  timeOf,
  fileOf,
  roles,
  formerAuthor,
  deletion,
  retryLabel,
  reservedHeight,
  followMediaLoads = false,
  testId,
  messageTestId,
}: MessageListProps<T>) {
  const me = useCurrentUser();
  const viewport = useRef<HTMLDivElement>(null);
  const messages = useSelector(feed, (s) => s.context.items) as T[];
  const loading = useSelector(feed, (s) => s.matches({ paging: 'loading' }));
  const failed = useSelector(feed, (s) => s.matches({ paging: 'failed' }));
  const deletingId = useSelector(feed, (s) => s.context.deletingId);
  const hasMore = useSelector(
    feed,
    (s) => !s.context.exhausted && (s.context.count === null || s.context.items.length < s.context.count),
  );
  const firstLoad = useSelector(feed, (s) => s.context.page === 0);

  useEffect(() => {
    const subscription = feed.on('deleteFailed', ({ error }) => toastError(error, DELETE_UNKNOWN_MESSAGE));
    return () => subscription.unsubscribe();
  }, [feed]);

  // Keep the reader's place when older messages are prepended; follow new ones at the bottom.
  const pinned = useRef(true);
  const followBottom = () => {
    const element = viewport.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  };
  const edges = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const previous = edges.current;
    if (previous.last !== last) {
      element.scrollTop = element.scrollHeight;
    } else if (previous.first !== first && previous.first !== undefined) {
      element.scrollTop += element.scrollHeight - previous.height;
    }
    edges.current = { first, last, height: element.scrollHeight };
  }, [messages]);

  // A short first page that does not fill the box: fetch older messages until it scrolls or none are left.
  useEffect(() => {
    const element = viewport.current;
    if (!element || loading || !hasMore || firstLoad) return;
    if (element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX)
      feed.send({ type: 'LOAD_OLDER' });
  }, [messages, loading, hasMore, firstLoad, feed]);

  const remove = async (message: T) => {
    const confirmed = await confirm({
      title: deletion.title,
      message: deletion.message,
      confirmLabel: deletion.label,
      danger: true,
    });
    if (confirmed) feed.send({ type: 'DELETE', id: message.id });
  };

  return (
    <Paper radius="md" bg="gray.0" withBorder style={{ overflow: 'hidden' }}>
      <ScrollArea
        h={{ base: `calc(100dvh - ${reservedHeight}px)`, sm: 'min(56dvh, 480px)' }}
        viewportRef={viewport}
        type="auto"
        offsetScrollbars
        onScrollPositionChange={({ y }) => {
          const element = viewport.current;
          if (element) pinned.current = element.scrollHeight - y - element.clientHeight < 120;
          if (y < LOAD_OLDER_WITHIN_PX && hasMore && !loading && !firstLoad)
            feed.send({ type: 'LOAD_OLDER' });
        }}
      >
        <Stack
          gap="sm"
          p="md"
          mih={{ base: `calc(100dvh - ${reservedHeight + 20}px)`, sm: 'calc(min(56dvh, 480px) - 20px)' }}
          justify={messages.length ? 'flex-end' : 'center'}
          data-testid={testId}
        >
          {loading && (
            <Center py="xs">
              <Loader size="sm" />
            </Center>
          )}
          {failed && (
            <Center>
              <Button size="xs" variant="light" onClick={() => feed.send({ type: 'RETRY' })}>
                {retryLabel}
              </Button>
            </Center>
          )}
          {!loading && !failed && messages.length === 0 && (
            <Stack align="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                <IconMessages size={26} stroke={1.5} />
              </ThemeIcon>
              <Text c="dimmed" size="sm">
                No messages yet..
              </Text>
            </Stack>
          )}
          {messages.map((message) => {
            const own = !!me && message.author?.id === String(me.id);
            return (
              <MessageBubble
                key={message.id}
                own={own}
                author={personName(message.author) || formerAuthor}
                role={roles[message.author?.role ?? ''] ?? UNKNOWN_ROLE}
                text={message.text}
                file={fileOf(message)}
                time={shortDateTime(timeOf(message))}
                canDelete={own || me?.role === 'principal_broker'}
                deleteLabel={deletion.label}
                deleting={deletingId === message.id}
                onDelete={() => void remove(message)}
                onMediaLoad={followMediaLoads ? followBottom : undefined}
                testId={messageTestId}
              />
            );
          })}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
