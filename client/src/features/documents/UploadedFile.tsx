import { Anchor, Badge, Box, Button, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconMessageCircle,
  IconPhoto,
} from '@tabler/icons-react';
import { formatFileSize } from '@machines/files';
import { openPopup } from '../../ui/popups';
import { DownloadButton } from './DownloadButton';
import { fileKind, formatDateTime, type FileKind } from './format';
import { FileStatusSelect } from './FileStatusSelect';
import { FileName } from '../../ui/FileName';
import type { FileStatus, FormFile } from './types';

const KIND_ICONS: Record<FileKind, { icon: typeof IconFile; color: string }> = {
  pdf: { icon: IconFileTypePdf, color: 'red' },
  image: { icon: IconPhoto, color: 'grape' },
  document: { icon: IconFileTypeDoc, color: 'blue' },
  spreadsheet: { icon: IconFileSpreadsheet, color: 'green' },
  other: { icon: IconFile, color: 'gray' },
};

export function FileTypeIcon({
  type,
  name,
  size = 44,
}: {
  type: string | null | undefined;
  name?: string | null;
  size?: number;
}) {
  const { icon: Icon, color } = KIND_ICONS[fileKind(type, name)];
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color}>
      <Icon size={Math.round(size * 0.55)} stroke={1.5} />
    </ThemeIcon>
  );
}

/** The thumbnail when there is one, else an icon of the file's type; a click opens the file. */
export function FilePreview({ file, size = 48 }: { file: FormFile; size?: number }) {
  return (
    <Box
      component="a"
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${file.file_name}`}
      style={{ flex: 'none', display: 'block', lineHeight: 0 }}
    >
      {file.thumbnail_url ? (
        <Image
          src={file.thumbnail_url}
          alt=""
          w={size}
          h={size}
          radius="md"
          fit="cover"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
      ) : (
        <FileTypeIcon type={file.file_type} name={file.file_name} size={size} />
      )}
    </Box>
  );
}

const isPhone = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 48em)').matches;

/** Opens the chat about one uploaded file. */
export function openFileChat(code: string, customerId: string, file: FormFile): void {
  openPopup(
    'PopupChat',
    { code, customerId, fileId: file.id, fileName: file.file_name, created: file.created },
    {
      title: (
        <Stack gap={0}>
          <Text fw={700} fz="lg" c="navy.9">
            Comments to:
          </Text>
          <Text size="sm" c="dimmed" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(file.created)} · {file.file_name}
          </Text>
        </Stack>
      ),
      fullScreen: isPhone(),
    },
  );
}

/** The chat button of a file: its comment count, and 'New!' while some are unread. */
export function ChatButton({ code, customerId, file }: { code: string; customerId: string; file: FormFile }) {
  const total = file.comments_stat?.total ?? 0;
  const unread = file.comments_stat?.comments_unread ?? 0;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant={unread > 0 ? 'light' : 'subtle'}
        color={unread > 0 ? 'red' : 'petrol'}
        leftSection={<IconMessageCircle size={16} />}
        onClick={() => openFileChat(code, customerId, file)}
        aria-label={`Comments to ${file.file_name}: ${total}${unread > 0 ? `, ${unread} new` : ''}`}
        data-testid="file-chat"
      >
        {total}
      </Button>
      {unread > 0 && (
        <Badge size="sm" color="red" variant="filled" radius="sm">
          New!
        </Badge>
      )}
    </Group>
  );
}

/** One uploaded document: preview, name, size and date, review status and chat. */
export function UploadedFileRow({
  code,
  customerId,
  file,
  onStatusChange,
}: {
  code: string;
  customerId: string;
  file: FormFile;
  /** Staff only; customers see the status disabled. */
  onStatusChange?: (file: FormFile, status: FileStatus) => Promise<unknown>;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="uploaded-file"
      data-file-name={file.file_name}
      bg={file.status === 'issue' ? 'red.0' : 'white'}
      style={file.status === 'issue' ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <FilePreview file={file} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Anchor
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              c="navy.9"
              style={{ display: 'flex', minWidth: 0 }}
            >
              <FileName name={file.file_name} />
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {formatFileSize(file.size)} · {formatDateTime(file.created)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <FileStatusSelect
            status={file.status}
            fileName={file.file_name}
            onChange={onStatusChange ? (status) => onStatusChange(file, status) : undefined}
          />
          <ChatButton code={code} customerId={customerId} file={file} />
          <DownloadButton url={file.url} name={file.file_name} />
        </Group>
      </Group>
    </Paper>
  );
}
