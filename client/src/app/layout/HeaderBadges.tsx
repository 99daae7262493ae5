import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconMessage } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type ClientUpdate,
  messageBadgeLabel,
  type UnreadConversation,
  updatesBadgeLabel,
  updateText,
} from '@machines/inbox';
import { useCurrentUser } from '../../features/auth/session';
import { useClientUpdates, useMarkUpdatesRead, useUnreadMessages } from '../../features/inbox/queries';
import { shortDateTime } from '../../features/messages/format';
import { toastError } from '../../ui/toast';
import { href } from '../routes';

const INDICATOR_STYLES = { indicator: { fontSize: 10, fontWeight: 700, paddingInline: 4 } };

/** Where a conversation or an update opens: the client or the file's review page, the customer's own pages. */
function useDestinations() {
  const user = useCurrentUser();
  const customer = user?.role === 'customer';
  return (customerId: string, code: string | null): string => {
    if (customer)
      return code ? href('RouteUserFormUpload', { formSecret: code }) : href('RouteCustomerRoadmap');
    return code
      ? href('RouteClientDocuments', { clientID: customerId, formSecret: code })
      : href('RouteClient', { clientID: customerId });
  };
}

interface BadgePopoverProps {
  /** The button's name: 'Messages', 'Notifications'. */
  label: string;
  count: number;
  countLabel: string;
  icon: ReactNode;
  width: number;
  /** The list's name for assistive technology, and its first line: the title, and any action beside it. */
  listName: string;
  header: ReactNode;
  /** Said when the list is empty. */
  empty: string;
  /** The list's rows, given how to close the popover (a row that opens a page closes it); none when empty. */
  rows: (close: () => void) => ReactNode[];
  listHeight: number;
}

/**
 * A header badge: the icon with its count, opening a list under it. The popover's target is the button
 * itself: it gets the popover's ref, which places the list under it, and its `aria-haspopup`,
 * `aria-expanded` and `aria-controls`.
 */
function BadgePopover({
  label,
  count,
  countLabel,
  icon,
  width,
  listName,
  header,
  empty,
  rows,
  listHeight,
}: BadgePopoverProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={width}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      <Indicator
        label={countLabel}
        disabled={count === 0}
        size={18}
        color="red"
        offset={4}
        styles={INDICATOR_STYLES}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="navy"
            size="lg"
            aria-label={count > 0 ? `${label}, ${countLabel} unread` : label}
            onClick={() => setOpened((o) => !o)}
          >
            {icon}
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" aria-label={listName}>
        {header}
        <BadgeList rows={rows} close={() => setOpened(false)} empty={empty} listHeight={listHeight} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The list under a badge, made only while it is shown: the closed popover renders none of its rows. */
function BadgeList({
  rows,
  close,
  empty,
  listHeight,
}: Pick<BadgePopoverProps, 'rows' | 'empty' | 'listHeight'> & { close: () => void }) {
  const listed = rows(close);
  return listed.length === 0 ? (
    <Text size="sm" c="dimmed" px="sm" pb="sm">
      {empty}
    </Text>
  ) : (
    <Stack gap={2} mah={listHeight} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      {listed}
    </Stack>
  );
}

function Row({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton
      onClick={onClick}
      px="sm"
      py={8}
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block', width: '100%' }}
      className="hw-inbox-row"
    >
      {children}
    </UnstyledButton>
  );
}

function conversationTitle(c: UnreadConversation): string {
  return c.kind === 'notes' ? 'Notes' : `Chat · ${c.file_name ?? 'a document'}`;
}

/** The message badge: unread messages across the reader's clients, and the conversations they are in. */
function MessagesBadge() {
  const { data } = useUnreadMessages();
  const navigate = useNavigate();
  const destination = useDestinations();
  const count = data?.unread ?? 0;
  return (
    <BadgePopover
      label="Messages"
      count={count}
      countLabel={messageBadgeLabel(count)}
      icon={<IconMessage size={21} stroke={1.6} />}
      width={340}
      listHeight={360}
      listName="Unread messages"
      header={
        <Text fw={700} c="navy.8" px="sm" py={6}>
          Unread messages
        </Text>
      }
      empty="No unread messages."
      rows={(close) =>
        (data?.conversations ?? []).map((c) => (
          <Row
            key={`${c.kind}:${c.customer_id}:${c.file_id ?? ''}`}
            onClick={() => {
              close();
              void navigate(destination(c.customer_id, c.kind === 'chat' ? c.code : null));
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} c="navy.9" truncate>
                  {c.client_name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {conversationTitle(c)} · {shortDateTime(c.last_at)}
                </Text>
              </Stack>
              <Badge color="red" size="sm" circle={c.unread < 10}>
                {c.unread}
              </Badge>
            </Group>
          </Row>
        ))
      }
    />
  );
}

/** The bell: what others did to the reader's clients, newest first, with 'Mark all read'. */
function UpdatesBell() {
  const { data } = useClientUpdates();
  const markRead = useMarkUpdatesRead();
  const navigate = useNavigate();
  const destination = useDestinations();
  const count = data?.unread ?? 0;
  return (
    <BadgePopover
      label="Notifications"
      count={count}
      countLabel={updatesBadgeLabel(count)}
      icon={<IconBell size={21} stroke={1.6} />}
      width={360}
      listHeight={400}
      listName="Notifications"
      header={
        <Group justify="space-between" px="sm" py={4}>
          <Text fw={700} c="navy.8">
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={count === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate(undefined, { onError: (error) => toastError(error) })}
          >
            Mark all read
          </Button>
        </Group>
      }
      empty="Nothing new about your clients."
      rows={(close) =>
        (data?.items ?? []).map((update: ClientUpdate) => (
          <Row
            key={update.position}
            onClick={() => {
              close();
              void navigate(destination(update.customer_id, update.code));
            }}
          >
            <Group wrap="nowrap" gap="xs" align="flex-start">
              <Box
                aria-hidden
                w={8}
                h={8}
                mt={6}
                style={{
                  flex: 'none',
                  borderRadius: '50%',
                  background: update.unread ? 'var(--mantine-color-red-6)' : 'transparent',
                }}
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={update.unread ? 600 : 400} c="navy.9">
                  {updateText(update)}
                </Text>
                <Text size="xs" c="dimmed">
                  {update.client_name} · {shortDateTime(update.created)}
                  {update.unread ? ' · New' : ''}
                </Text>
              </Stack>
            </Group>
          </Row>
        ))
      }
    />
  );
}

export function HeaderBadges() {
  return (
    <Group gap="lg" wrap="nowrap">
      <MessagesBadge />
      <UpdatesBell />
    </Group>
  );
}
