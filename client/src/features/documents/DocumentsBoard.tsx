import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertCircle,
  IconCamera,
  IconCircleCheck,
  IconClock,
  IconCloudUpload,
  IconExternalLink,
  IconFileUpload,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { acceptAttribute, acceptByType, PHOTO_TYPES, unacceptedFileMessage } from '@machines/accepted-files';
import { formatFileSize } from '@machines/files';
import { filesOfField, splitFields, type QueuedFile } from '@machines/upload-queue';
import { FileTypeIcon, UploadedFileRow } from './UploadedFile';
import type { FileStatus, FormField, FormFile } from './types';
import type { UploadState } from './use-upload';
import { FileName } from '../../ui/FileName';
import { TARGET_SIZE } from '../../ui/target-size';

/** What the file picker offers: exactly the types the server accepts (PDFs, photos, Word and Excel). */
export const UPLOAD_ACCEPT = acceptByType();
/** The camera button: photos only. */
const PHOTO_ACCEPT = acceptAttribute(PHOTO_TYPES);

type FieldState = 'none' | 'issue' | 'in_review' | 'checked';

function fieldState(files: FormFile[]): FieldState {
  if (!files.length) return 'none';
  if (files.some((file) => file.status === 'issue')) return 'issue';
  if (files.some((file) => file.status === 'in_review')) return 'in_review';
  return 'checked';
}

const FIELD_STATES: Record<FieldState, { label: string; color: string; icon: ReactNode }> = {
  none: { label: 'Not uploaded yet', color: 'gray', icon: <IconFileUpload size={20} stroke={1.6} /> },
  issue: { label: 'Needs attention', color: 'red', icon: <IconAlertCircle size={20} stroke={1.6} /> },
  in_review: { label: 'In review', color: 'orange', icon: <IconClock size={20} stroke={1.6} /> },
  checked: { label: 'Checked', color: 'teal', icon: <IconCircleCheck size={20} stroke={1.6} /> },
};

function QueuedFileRow({
  queued,
  onRemove,
  disabled,
}: {
  queued: QueuedFile<File>;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      px="sm"
      py={6}
      data-testid="queued-file"
      style={{ border: '1px dashed var(--mantine-color-petrol-3)', borderRadius: 'var(--mantine-radius-md)' }}
      bg="petrol.0"
    >
      <FileTypeIcon type={queued.file.type} name={queued.file.name} size={28} />
      <Text size="sm" fw={500} c="navy.9" style={{ flex: 1, minWidth: 0, display: 'flex' }}>
        <FileName name={queued.file.name} />
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatFileSize(queued.file.size)}
      </Text>
      <CloseButton
        size={TARGET_SIZE}
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${queued.file.name}`}
      />
    </Group>
  );
}

function FieldDropzone({ field, upload }: { field: FormField; upload: UploadState }) {
  const queue = upload.queues[field.name] ?? [];
  const error = upload.fieldErrors[field.name];
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => upload.add(field.name, files)}
        onReject={(rejected) =>
          upload.setFieldError(field.name, unacceptedFileMessage(rejected.map((r) => r.file.name).join(', ')))
        }
        accept={UPLOAD_ACCEPT}
        disabled={upload.uploading}
        radius="md"
        p="md"
        data-dropzone
        data-testid="field-dropzone"
        aria-label={`Add files for ${field.caption}`}
        inputProps={{ 'aria-label': `Choose files for ${field.caption}` }}
        style={{ borderColor: error ? 'var(--mantine-color-red-4)' : undefined }}
      >
        <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={30} color="var(--mantine-color-petrol-6)" stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={30} color="var(--mantine-color-red-6)" stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={30} color="var(--mantine-color-petrol-5)" stroke={1.5} />
          </Dropzone.Idle>
          <Stack gap={0}>
            <Text size="sm" fw={600} c="navy.9">
              Drag files here or{' '}
              <Text span c="petrol.7" fw={700}>
                browse
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              PDF, photos, Word or Excel documents, less than 75 MB each
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group hiddenFrom="sm" grow>
        <FileButton
          onChange={(file) => file && upload.add(field.name, [file])}
          accept={PHOTO_ACCEPT}
          capture="environment"
          disabled={upload.uploading}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={18} />}>
              Take a photo
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text size="sm" c="red.7" role="alert" data-testid="field-error">
          {error}
        </Text>
      )}
      {queue.length > 0 && (
        <Stack gap={6} aria-label={`Files ready to upload for ${field.caption}`}>
          {queue.map((queued) => (
            <QueuedFileRow
              key={queued.id}
              queued={queued}
              disabled={upload.uploading}
              onRemove={() => upload.remove(field.name, queued.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export interface BoardProps {
  code: string;
  customerId: string;
  fields: FormField[];
  files: FormFile[];
  /** The customer's queues and upload; absent when files are not uploaded from this page. */
  upload?: UploadState;
  /** Staff only: the review status of each file. */
  onStatusChange?: (file: FormFile, status: FileStatus) => Promise<unknown>;
  /**
   * Above the documents: staff's lender package. Given by the page, so a customer's upload page does
   * not download it.
   */
  actions?: ReactNode;
}

function FieldCard({
  field,
  files,
  code,
  customerId,
  upload,
  onStatusChange,
}: BoardProps & { field: FormField }) {
  const state = FIELD_STATES[fieldState(files)];
  const example = field.tutorial?.example?.trim();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="document-field"
      data-field={field.name}
    >
      <Stack gap="md">
        <Stack gap={8}>
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" align="center" style={{ flex: '1 1 220px', minWidth: 0 }}>
              <ThemeIcon size={38} radius="md" variant="light" color={state.color} style={{ flex: 'none' }}>
                {state.icon}
              </ThemeIcon>
              <Title order={3} fz="md" c="navy.9" style={{ overflowWrap: 'anywhere' }}>
                {field.caption}
              </Title>
            </Group>
            <Badge variant="light" color={state.color} radius="sm" tt="none" style={{ flex: 'none' }}>
              {files.length
                ? `${files.length} ${files.length === 1 ? 'file' : 'files'} · ${state.label}`
                : state.label}
            </Badge>
          </Group>
          {(field.tutorial?.description || example) && (
            <Stack gap={4}>
              {field.tutorial?.description && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {field.tutorial.description}
                </Text>
              )}
              {example && (
                <Anchor href={example} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                  <Group gap={4} component="span" wrap="nowrap">
                    See an example
                    <IconExternalLink size={14} />
                  </Group>
                </Anchor>
              )}
            </Stack>
          )}
        </Stack>
        {files.length > 0 && (
          <Stack gap="xs">
            {files.map((file) => (
              <UploadedFileRow
                key={file.id}
                code={code}
                customerId={customerId}
                file={file}
                onStatusChange={onStatusChange}
              />
            ))}
          </Stack>
        )}
        {upload && <FieldDropzone field={field} upload={upload} />}
      </Stack>
    </Paper>
  );
}

function SectionTitle({ children, count }: { children: ReactNode; count: number }) {
  return (
    <Group gap="xs">
      <Title order={2} fz={{ base: 18, sm: 20 }} c="navy.9">
        {children}
      </Title>
      <Badge variant="filled" color="navy" radius="xl" size="sm">
        {count}
      </Badge>
    </Group>
  );
}

/**
 * The requested documents: those in progress (with the upload, for the customer) and those checked.
 * A field counts as checked only when all its files are checked; disabled fields are left out.
 */
export function DocumentsBoard(props: BoardProps) {
  const { fields, files, upload } = props;
  const { inProgress, checked } = splitFields(fields, files);
  return (
    <Stack gap="xl">
      {props.actions}
      <Stack gap="md" data-testid="documents-in-progress">
        <SectionTitle count={inProgress.length}>Documents in progress</SectionTitle>
        {inProgress.length === 0 ? (
          <Paper withBorder radius="lg" p="lg">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={38} radius="xl" variant="light" color="teal">
                <IconCircleCheck size={22} />
              </ThemeIcon>
              <Text c="navy.9" fw={500}>
                {!fields.some((field) => !field.disabled)
                  ? 'No documents have been requested yet.'
                  : props.onStatusChange
                    ? 'Every requested document is checked.'
                    : 'Every requested document has been checked. Thank you!'}
              </Text>
            </Group>
          </Paper>
        ) : (
          inProgress.map((field) => (
            <FieldCard key={field.name} {...props} field={field} files={filesOfField(field.name, files)} />
          ))
        )}
      </Stack>
      {checked.length > 0 && (
        <Stack gap="md" data-testid="documents-checked">
          <SectionTitle count={checked.length}>Checked documents</SectionTitle>
          {checked.map((field) => (
            <FieldCard
              key={field.name}
              {...props}
              upload={undefined}
              field={field}
              files={filesOfField(field.name, files)}
            />
          ))}
        </Stack>
      )}
      {upload && <UploadBar upload={upload} />}
    </Stack>
  );
}

/** The queued files' total, the upload button and, while sending, the progress. */
export function UploadBar({ upload }: { upload: UploadState }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      shadow="md"
      style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
      data-testid="upload-bar"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Stack gap={0}>
            <Text fw={700} c="navy.9">
              {upload.uploading
                ? `Uploading ${upload.count} ${upload.count === 1 ? 'file' : 'files'}…`
                : upload.count
                  ? `${upload.count} ${upload.count === 1 ? 'file' : 'files'} ready to upload`
                  : 'No files added yet'}
            </Text>
            <Text size="xs" c="dimmed" visibleFrom="xs">
              {upload.count
                ? `${formatFileSize(upload.bytes)} in total`
                : 'Add your documents above, then upload them all at once.'}
            </Text>
          </Stack>
          <Button
            size="md"
            leftSection={<IconUpload size={18} />}
            onClick={() => void upload.upload()}
            loading={upload.uploading}
          >
            Upload documents
          </Button>
        </Group>
        {upload.uploading && (
          <Stack gap={4}>
            <Progress
              value={upload.progress}
              size="lg"
              radius="xl"
              striped
              animated
              aria-label="Upload progress"
            />
            <Text size="xs" c="dimmed" ta="right">
              Uploading… {upload.progress}%
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
