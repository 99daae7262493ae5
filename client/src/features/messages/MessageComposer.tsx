import { ActionIcon, CloseButton, FileButton, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  acceptAttribute,
  FILE_TOO_LARGE_MESSAGE,
  isFileTooLarge,
  looksAccepted,
  emptyFileMessage,
  unacceptedFileMessage,
} from '@machines/accepted-files';
import { formatFileSize } from '@machines/files';
import { useDraft } from '../../app/drafts';
import { toast, toastError } from '../../ui/toast';
import { useCurrentUser } from '../auth/session';
import type { MessageFeed } from './use-message-feed';

const FILE_ACCEPT = acceptAttribute();

/**
 * Writing to a feed: a text of up to maxLength characters and one attached file. Enter sends,
 * Ctrl+Enter adds a line; once sent, the text and the file are cleared.
 */
export function MessageComposer({
  feed,
  maxLength,
  label,
  hint,
  draft,
}: {
  feed: MessageFeed;
  maxLength: number;
  /** The text box's accessible name. */
  label: string;
  hint: ReactNode;
  /** What the text typed and not sent is kept under, for this feed (see `useDraft`). */
  draft: string;
}) {
  const [text, setText] = useDraft(useCurrentUser()?.id, draft);
  const [file, setFile] = useState<File | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const sending = useSelector(feed, (s) => s.matches({ sending: 'sending' }));

  useEffect(() => {
    const subscriptions = [
      feed.on('sent', () => {
        setText('');
        setFile(null);
        textarea.current?.focus();
      }),
      feed.on('sendFailed', ({ error }) => toastError(error)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [feed, setText]);

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
      const next = `${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`.slice(0, maxLength);
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
    if (!looksAccepted(picked)) {
      toast.error(unacceptedFileMessage(picked.name));
      return;
    }
    if (picked.size === 0) {
      toast.error(emptyFileMessage(picked.name));
      return;
    }
    if (isFileTooLarge(picked.size)) {
      toast.error(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    setFile(picked);
  };

  const canSend = (text.trim() !== '' || !!file) && !sending;

  return (
    <>
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
        <FileButton onChange={attach} accept={FILE_ACCEPT} disabled={sending}>
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
          aria-label={label}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={maxLength}
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
          {hint}
        </Text>
        <Text size="xs" c={text.length >= maxLength ? 'red' : 'dimmed'} ml="auto">
          {text.length}/{maxLength}
        </Text>
      </Group>
    </>
  );
}
