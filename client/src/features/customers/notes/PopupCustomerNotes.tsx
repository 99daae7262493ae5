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
import {
  IconMessages,
  IconPaperclip,
  IconSend2,
  IconTrash,
  IconFile,
  IconDownload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fromPromise } from 'xstate';
import { personName } from '@machines/customer.rules';
import { FILE_TOO_LARGE_MESSAGE, formatFileSize, isFileTooLarge } from '@machines/files';
import {
  FEED_PAGE_SIZE,
  messageFeedMachine,
  type FeedItem,
  type FeedMessage,
  type FeedPage,
} from '@machines/message-feed.machine';
import { useDomainEvents } from '../../../api/domain-events';
import { SOCKET_RECONNECTED } from '../../../api/socket';
import { useCurrentUser } from '../../auth/session';
import { confirm } from '../../../ui/confirm';
import { toast, toastError } from '../../../ui/toast';
import { addNote, deleteNote, listNotes, markNotesRead } from '../api';
import { customerKeys } from '../queries';
import type { Note } from '../types';

export const NOTE_MAX_LENGTH = 2000;
/** Older notes load when the list is scrolled within this distance of the top. */
const LOAD_OLDER_WITHIN_PX = 100;

export type PopupCustomerNotesProps = {
  customerId: string;
  customerName: string;
};

const ROLE_STYLE: Record<string, { label: string; color: string }> = {
  principal_broker: { label: 'Principal broker', color: 'grape' },
  broker: { label: 'Broker', color: 'petrol' },
  assistant: { label: 'Assistant', color: 'orange' },
};

function shortDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

function NoteAttachment({ file, onLoad }: { file: NonNullable<Note['file']>; onLoad?: () => void }) {
  const download = `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;
  if (file.type.startsWith('image/')) {
    return (
      <Box component="a" href={file.url} target="_blank" rel="noopener noreferrer" display="block">
        <Image
          src={file.url}
          alt={file.name}
          radius="sm"
          mah={180}
          w="auto"
          maw="100%"
          fit="contain"
          onLoad={onLoad}
        />
      </Box>
    );
  }
  return (
    <Paper withBorder radius="sm" px="sm" py={6} bg="white">
      <Group gap="xs" wrap="nowrap">
        <IconFile size={18} stroke={1.6} color="var(--mantine-color-navy-5)" />
        <Text
          size="sm"
          component="a"
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          c="petrol.8"
          fw={500}
          truncate
          style={{ minWidth: 0, flex: 1 }}
        >
          {file.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatFileSize(file.size)}
        </Text>
        <ActionIcon
          component="a"
          href={download}
          variant="subtle"
          size="sm"
          aria-label={`Download ${file.name}`}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function NoteBubble({
  note,
  own,
  canDelete,
  deleting,
  onDelete,
  onMediaLoad,
}: {
  note: Note;
  own: boolean;
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
  onMediaLoad: () => void;
}) {
  const role = ROLE_STYLE[note.author?.role ?? ''] ?? { label: 'Staff', color: 'gray' };
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="note">
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
                {own ? 'You' : personName(note.author) || 'Former staff member'}
              </Text>
              <Badge size="xs" variant="light" color={role.color} radius="sm">
                {role.label}
              </Badge>
            </Group>
            {canDelete && (
              <Tooltip label="Delete note" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  onClick={onDelete}
                  loading={deleting}
                  aria-label="Delete note"
                >
                  <IconTrash size={15} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {note.text && (
            <Text size="sm" c="navy.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Text>
          )}
          {note.file && <NoteAttachment file={note.file} onLoad={onMediaLoad} />}
          <Text size="xs" c="dimmed" ta={own ? 'right' : 'left'}>
            {shortDateTime(note.created)}
          </Text>
        </Stack>
      </Paper>
    </Group>
  );
}

/** 'Client: {name}': the internal notes of a client, newest at the bottom, for staff only. */
export function PopupCustomerNotes({ innerProps }: ContextModalProps<PopupCustomerNotesProps>) {
  const { customerId } = innerProps;
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
            const page = await listNotes(customerId, input.offset, input.limit, signal);
            return { items: page.data, count: page.count };
          },
        ),
        sendMessage: fromPromise<FeedItem, FeedMessage>(({ input }) =>
          addNote(customerId, input.text, input.file as File | null),
        ),
        deleteMessage: fromPromise<unknown, { id: string | number }>(({ input }) =>
          deleteNote(customerId, String(input.id)),
        ),
      },
    }),
  );
  const feed = useActorRef(logic, { input: { pageSize: FEED_PAGE_SIZE } });
  const notes = useSelector(feed, (s) => s.context.items) as Note[];
  const loading = useSelector(feed, (s) => s.matches({ paging: 'loading' }));
  const failed = useSelector(feed, (s) => s.matches({ paging: 'failed' }));
  const sending = useSelector(feed, (s) => s.matches({ sending: 'sending' }));
  const deletingId = useSelector(feed, (s) => s.context.deletingId);
  const hasMore = useSelector(
    feed,
    (s) => !s.context.exhausted && (s.context.count === null || s.context.items.length < s.context.count),
  );
  const firstLoad = useSelector(feed, (s) => s.context.page === 0);

  // Reading the notes marks them read (errors are only logged), and the unread counters follow.
  const markRead = useCallback(() => {
    markNotesRead(customerId).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      },
      (error: unknown) => console.warn('Could not mark the notes read', error),
    );
  }, [customerId, queryClient]);
  useEffect(() => {
    markRead();
  }, [markRead]);

  useEffect(() => {
    const subscriptions = [
      feed.on('sent', () => {
        setText('');
        setFile(null);
        textarea.current?.focus();
      }),
      feed.on('sendFailed', ({ error }) => toastError(error)),
      feed.on('deleteFailed', ({ error }) => toastError(error, 'Error while deleting message')),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [feed]);

  // Notes written or deleted elsewhere appear here live.
  useDomainEvents((event) => {
    if (event.type === SOCKET_RECONNECTED) {
      feed.send({ type: 'LIVE.ADDED' });
      return;
    }
    if (event.customer_id !== customerId) return;
    if (event.type === 'note.added') {
      feed.send({ type: 'LIVE.ADDED' });
      // One's own notes are read already; a colleague's note is read by being shown here.
      const own = (feed.getSnapshot().context.items as Note[]).some(
        (note) => note.id === event.stream_id && note.author?.id === String(me?.id),
      );
      if (!own) markRead();
    } else if (event.type === 'note.deleted') {
      feed.send({ type: 'LIVE.DELETED', id: event.stream_id });
    }
  });

  // Keep the reader's place when older notes are prepended; follow new notes at the bottom.
  const pinned = useRef(true);
  const followBottom = () => {
    const element = viewport.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  };
  const edges = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const first = notes[0]?.id;
    const last = notes.at(-1)?.id;
    const previous = edges.current;
    if (previous.last !== last) {
      element.scrollTop = element.scrollHeight;
    } else if (previous.first !== first && previous.first !== undefined) {
      element.scrollTop += element.scrollHeight - previous.height;
    }
    edges.current = { first, last, height: element.scrollHeight };
  }, [notes]);

  // A short first page that does not fill the box: fetch older notes until it scrolls or none are left.
  useEffect(() => {
    const element = viewport.current;
    if (!element || loading || !hasMore || firstLoad) return;
    if (element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX)
      feed.send({ type: 'LOAD_OLDER' });
  }, [notes, loading, hasMore, firstLoad, feed]);

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
        NOTE_MAX_LENGTH,
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

  const remove = async (note: Note) => {
    const confirmed = await confirm({
      title: 'Delete this note?',
      message: 'The note and its attached file will be removed for everyone.',
      confirmLabel: 'Delete note',
      danger: true,
    });
    if (confirmed) feed.send({ type: 'DELETE', id: note.id });
  };

  const canSend = (text.trim() !== '' || !!file) && !sending;

  return (
    <Stack gap="sm">
      <Paper radius="md" bg="gray.0" withBorder style={{ overflow: 'hidden' }}>
        <ScrollArea
          h={{ base: 'calc(100dvh - 230px)', sm: 'min(56dvh, 480px)' }}
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
            mih={{ base: 'calc(100dvh - 250px)', sm: 'calc(min(56dvh, 480px) - 20px)' }}
            justify={notes.length ? 'flex-end' : 'center'}
          >
            {loading && (
              <Center py="xs">
                <Loader size="sm" />
              </Center>
            )}
            {failed && (
              <Center>
                <Button size="xs" variant="light" onClick={() => feed.send({ type: 'RETRY' })}>
                  Could not load the notes. Try again
                </Button>
              </Center>
            )}
            {!loading && !failed && notes.length === 0 && (
              <Stack align="center" gap="xs">
                <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                  <IconMessages size={26} stroke={1.5} />
                </ThemeIcon>
                <Text c="dimmed" size="sm">
                  No messages yet..
                </Text>
              </Stack>
            )}
            {notes.map((note) => {
              const own = !!me && note.author?.id === String(me.id);
              return (
                <NoteBubble
                  key={note.id}
                  note={note}
                  own={own}
                  canDelete={own || me?.role === 'principal_broker'}
                  deleting={deletingId === note.id}
                  onDelete={() => void remove(note)}
                  onMediaLoad={followBottom}
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
          aria-label="Note"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={NOTE_MAX_LENGTH}
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
          Enter sends, Ctrl+Enter adds a line. Notes are visible to staff only.
        </Text>
        <Text size="xs" c={text.length >= NOTE_MAX_LENGTH ? 'red' : 'dimmed'} ml="auto">
          {text.length}/{NOTE_MAX_LENGTH}
        </Text>
      </Group>
    </Stack>
  );
}
