import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatFileSize } from '@machines/files';
import { formatDateTime } from './format';
import { FileStatusSelect } from './FileStatusSelect';
import { ChatButton, FilePreview, UploadedFileRow } from './UploadedFile';
import type { FileStatus, FormFile } from './types';
import { FileName } from '../../ui/FileName';
import { ScrollRegion } from '../../ui/scroll-edges';

/** Every document uploaded to the form (staff only): issue first, then in review, then checked. */
export function UploadHistory({
  code,
  customerId,
  files,
  onStatusChange,
}: {
  code: string;
  customerId: string;
  files: FormFile[];
  onStatusChange?: (file: FormFile, status: FileStatus) => Promise<unknown>;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Stack gap="md" data-testid="upload-history">
      <Group gap="xs">
        <Title order={2} fz={{ base: 18, sm: 20 }} c="navy.9">
          Uploaded documents history
        </Title>
        <Text size="sm" c="dimmed">
          {files.length} {files.length === 1 ? 'file' : 'files'}
        </Text>
      </Group>
      {files.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Text c="dimmed" size="sm">
            Nothing has been uploaded yet.
          </Text>
        </Paper>
      ) : phone ? (
        <Stack gap="xs">
          {files.map((file) => (
            <Stack key={file.id} gap={4}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
                {file.caption}
              </Text>
              <UploadedFileRow
                code={code}
                customerId={customerId}
                file={file}
                onStatusChange={onStatusChange}
              />
            </Stack>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <ScrollRegion label="Uploaded documents history">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={760}>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Comments</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => (
                  <Table.Tr key={file.id} data-testid="history-row">
                    <Table.Td>
                      <Text size="sm" fw={600} c="navy.9">
                        {file.caption}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Group gap="sm" wrap="nowrap">
                        <FilePreview file={file} size={36} />
                        <Anchor
                          href={file.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          size="sm"
                          c="navy.9"
                          style={{ display: 'flex', minWidth: 0 }}
                        >
                          <FileName name={file.file_name} />
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateTime(file.created)}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatFileSize(file.size)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <FileStatusSelect
                        status={file.status}
                        fileName={file.file_name}
                        onChange={onStatusChange ? (status) => onStatusChange(file, status) : undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ChatButton code={code} customerId={customerId} file={file} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </Paper>
      )}
    </Stack>
  );
}
