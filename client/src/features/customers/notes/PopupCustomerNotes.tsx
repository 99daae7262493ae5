import { Stack } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { IconFile } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useDomainEvents } from '../../../api/domain-events';
import { useCurrentUser } from '../../auth/session';
import { MessageComposer } from '../../messages/MessageComposer';
import type { MessageFile, RoleStyle } from '../../messages/MessageBubble';
import { MessageList } from '../../messages/MessageList';
import { useMessageFeed } from '../../messages/use-message-feed';
import { addNote, deleteNote, listNotes, markNotesRead } from '../api';
import type { Note } from '../types';
import { TEXT_MAX_LENGTH } from '@machines/validation';

export const NOTE_MAX_LENGTH = TEXT_MAX_LENGTH;

export type PopupCustomerNotesProps = {
  customerId: string;
  customerName: string;
};

const ROLE_STYLE: Record<string, RoleStyle> = {
  principal_broker: { label: 'Principal broker', color: 'grape' },
  broker: { label: 'Broker', color: 'petrol' },
  assistant: { label: 'Assistant', color: 'orange' },
};

const NOTE_DELETION = {
  label: 'Delete note',
  title: 'Delete this note?',
  message: 'The note and its attached file will be removed for everyone.',
};

function noteFile({ file }: Note): MessageFile | null {
  if (!file) return null;
  return {
    url: file.url,
    name: file.name,
    imageSrc: file.type.startsWith('image/') ? file.url : undefined,
    icon: <IconFile size={18} stroke={1.6} color="var(--mantine-color-navy-5)" />,
    size: file.size,
  };
}

/** 'Client: {name}': the internal notes of a client, newest at the bottom, for staff only. */
export function PopupCustomerNotes({ innerProps }: ContextModalProps<PopupCustomerNotesProps>) {
  const { customerId } = innerProps;
  const me = useCurrentUser();
  const feed = useMessageFeed<Note>({
    list: (offset, limit, signal) => listNotes(customerId, offset, limit, signal),
    add: (text, file) => addNote(customerId, text, file),
    remove: (id) => deleteNote(customerId, id),
  });

  // Reading the notes marks them read (errors are only logged); the counters follow from its push.
  const markRead = useCallback(() => {
    markNotesRead(customerId).catch((error: unknown) => console.warn('Could not mark the notes read', error));
  }, [customerId]);
  useEffect(() => {
    markRead();
  }, [markRead]);

  // Notes written or deleted elsewhere appear here live.
  useDomainEvents((event) => {
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

  return (
    <Stack gap="sm">
      <MessageList<Note>
        feed={feed}
        timeOf={(note) => note.created}
        fileOf={noteFile}
        roles={ROLE_STYLE}
        formerAuthor="Former staff member"
        deletion={NOTE_DELETION}
        retryLabel="Could not load the notes. Try again"
        reservedHeight={230}
        followMediaLoads
        messageTestId="note"
      />
      <MessageComposer
        feed={feed}
        maxLength={NOTE_MAX_LENGTH}
        label="Note"
        draft={`notes.${customerId}`}
        hint="Enter sends, Ctrl+Enter adds a line. Notes are visible to staff only."
      />
    </Stack>
  );
}
