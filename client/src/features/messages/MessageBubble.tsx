import { ActionIcon, Badge, Box, Group, Image, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatFileSize } from '@machines/files';
import { DownloadButton } from '../documents/DownloadButton';
import { TARGET_SIZE } from '../../ui/target-size';

/** How an author's messages are marked: the role's badge and the colour of the bubble's edge. */
export type RoleStyle = { label: string; color: string };

/** A file attached to a message. */
export type MessageFile = {
  url: string;
  name: string;
  /** Shown as a picture (linking to the file) when set. */
  imageSrc?: string;
  icon: ReactNode;
  /** Shown next to the name when known. */
  size?: number;
};

function MessageAttachment({ file, onLoad }: { file: MessageFile; onLoad?: () => void }) {
  if (file.imageSrc !== undefined) {
    return (
      <Box component="a" href={file.url} target="_blank" rel="noopener noreferrer" display="block">
        <Image
          src={file.imageSrc}
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
        {file.icon}
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
        {file.size !== undefined && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatFileSize(file.size)}
          </Text>
        )}
        <DownloadButton url={file.url} name={file.name} size="sm" />
      </Group>
    </Paper>
  );
}

/** One message: one's own on the right in green, others' on the left in white edged by role. */
export function MessageBubble({
  own,
  author,
  role,
  text,
  file,
  time,
  canDelete,
  deleteLabel,
  deleting,
  onDelete,
  onMediaLoad,
  testId,
}: {
  own: boolean;
  author: string;
  role: RoleStyle;
  text: string;
  file: MessageFile | null;
  time: string;
  canDelete: boolean;
  deleteLabel: string;
  deleting: boolean;
  onDelete: () => void;
  onMediaLoad?: () => void;
  testId: string;
}) {
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid={testId} data-own={own}>
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
                {own ? 'You' : author}
              </Text>
              <Badge size="xs" variant="light" color={role.color} radius="sm">
                {role.label}
              </Badge>
            </Group>
            {canDelete && (
              <Tooltip label={deleteLabel} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={TARGET_SIZE}
                  onClick={onDelete}
                  loading={deleting}
                  aria-label={deleteLabel}
                >
                  <IconTrash size={15} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {text && (
            <Text size="sm" c="navy.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          )}
          {file && <MessageAttachment file={file} onLoad={onMediaLoad} />}
          <Text size="xs" c="dimmed" ta={own ? 'right' : 'left'}>
            {time}
          </Text>
        </Stack>
      </Paper>
    </Group>
  );
}
