import { ActionIcon, Group, Indicator, Tooltip } from '@mantine/core';
import { IconBell, IconMessage } from '@tabler/icons-react';

/** Placeholders until messaging and notifications exist: the counts are fixed and the buttons disabled. */
export const MESSAGE_COUNT_PLACEHOLDER = 99;
export const NOTIFICATION_COUNT_PLACEHOLDER = 2;

/** The message badge shows an infinity symbol above 99. */
export function messageBadgeLabel(count: number): string {
  return count > 99 ? '∞' : String(count);
}

export function HeaderBadges() {
  return (
    <Group gap="lg" wrap="nowrap">
      <Tooltip label="Messages">
        <Indicator
          label={messageBadgeLabel(MESSAGE_COUNT_PLACEHOLDER)}
          size={18}
          color="red"
          offset={4}
          styles={{ indicator: { fontSize: 10, fontWeight: 700, paddingInline: 4 } }}
        >
          <ActionIcon variant="subtle" color="navy" size="lg" disabled aria-label="Messages">
            <IconMessage size={21} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Tooltip label="Notifications">
        <Indicator
          label={String(NOTIFICATION_COUNT_PLACEHOLDER)}
          size={18}
          color="red"
          offset={4}
          styles={{ indicator: { fontSize: 10, fontWeight: 700 } }}
        >
          <ActionIcon variant="subtle" color="navy" size="lg" disabled aria-label="Notifications">
            <IconBell size={21} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
    </Group>
  );
}
