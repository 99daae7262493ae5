import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
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

interface BadgeTargetProps {
  label: string;
  count: number;
  countLabel: string;
  icon: ReactNode;
  onToggle: () => void;
}

/**
 * The icon with its count. The popover's target is the button itself: it gets the popover's ref, which
 * places the list under it, and its `aria-haspopup`, `aria-expanded` and `aria-controls`.
 */
function badgeTarget({ label, count, countLabel, icon, onToggle }: BadgeTargetProps) {
  return (
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
          onClick={onToggle}
        >
          {icon}
        </ActionIcon>
      </Popover.Target>
    </Indicator>
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
  const [opened, setOpened] = useState(false);
  const { data } = useUnreadMessages();
  const navigate = useNavigate();
  const destination = useDestinations();
  const count = data?.unread ?? 0;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={340}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      {badgeTarget({
        label: 'Messages',
        count,
        countLabel: messageBadgeLabel(count),
        icon: <IconMessage size={21} stroke={1.6} />,
        onToggle: () => setOpened((o) => !o),
      })}
      <Popover.Dropdown p="xs" aria-label="Unread messages">
        <Text fw={700} c="navy.8" px="sm" py={6}>
          Unread messages
        </Text>
        {!data?.conversations.length ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            No unread messages.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2}>
              {data.conversations.map((c) => (
                <Row
                  key={`${c.kind}:${c.customer_id}:${c.file_id ?? ''}`}
                  onClick={() => {
                    setOpened(false);
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
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The bell: what others did to the reader's clients, newest first, with 'Mark all read'. */
function UpdatesBell() {
  const [opened, setOpened] = useState(false);
  const { data } = useClientUpdates();
  const markRead = useMarkUpdatesRead();
  const navigate = useNavigate();
  const destination = useDestinations();
  const count = data?.unread ?? 0;
  const open = (update: ClientUpdate) => {
    setOpened(false);
    void navigate(destination(update.customer_id, update.code));
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={360}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      {badgeTarget({
        label: 'Notifications',
        count,
        countLabel: updatesBadgeLabel(count),
        icon: <IconBell size={21} stroke={1.6} />,
        onToggle: () => setOpened((o) => !o),
      })}
      <Popover.Dropdown p="xs" aria-label="Notifications">
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
        {!data?.items.length ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            Nothing new about your clients.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            <Stack gap={2}>
              {data.items.map((update) => (
                <Row key={update.position} onClick={() => open(update)}>
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
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
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
