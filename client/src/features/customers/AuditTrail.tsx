import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Spoiler,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { describeChanges, eventTypeLabel } from '@machines/audit-changes';
import { ApiError, errorText } from '../../api/errors';
import { formatDateTime } from '../../ui/date-time';
import { saveText } from '../../ui/save-file';
import { ScrollRegion } from '../../ui/scroll-edges';
import { toastError } from '../../ui/toast';
import { getHistoryCsv } from './api';
import { pageCount } from './list-state';
import { useCustomerHistory } from './queries';
import type { CustomerView, HistoryEntry } from './types';

const PAGE_SIZE = 20;
const ALL = 'all';

const ROLE_LABELS: Record<string, string> = {
  principal_broker: 'Principal broker',
  broker: 'Broker',
  assistant: 'Assistant',
  customer: 'Client',
  system: 'System',
};

function Changes({ entry }: { entry: HistoryEntry }) {
  const lines = describeChanges(entry.changes, entry.names);
  if (!lines.length)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <Spoiler maxHeight={62} showLabel="Show all" hideLabel="Show less" fz="xs">
      <Stack gap={2}>
        {lines.map((line, index) => (
          <Text key={index} size="xs" c="navy.8" style={{ overflowWrap: 'break-word' }}>
            <Text span fw={600} inherit>
              {line.field}:
            </Text>{' '}
            {line.before !== undefined && (
              <>
                <Text span c="dimmed" td="line-through" inherit>
                  {line.before}
                </Text>{' '}
                →{' '}
              </>
            )}
            {line.after}
          </Text>
        ))}
      </Stack>
    </Spoiler>
  );
}

/** The audit trail of a client: every recorded change, filterable by type, downloadable as CSV. */
export function AuditTrail({ customer }: { customer: CustomerView }) {
  const [page, setPage] = useState(1);
  const [type, setType] = useState('');
  const [downloading, setDownloading] = useState(false);
  const history = useCustomerHistory(customer.id, {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    type: type || undefined,
  });

  if (history.error instanceof ApiError && history.error.status === 403) {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="The audit trail is private">
        Only a principal broker, or this client’s broker or assistant, can read the audit trail.
      </Alert>
    );
  }

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await getHistoryCsv(customer.id, type || undefined);
      saveText(csv, `audit-trail-${customer.typed_id}.csv`, 'text/csv;charset=utf-8');
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(false);
    }
  };

  const entries = history.data?.data ?? [];
  const types = history.data?.types ?? [];
  const pages = pageCount(history.data?.count ?? 0, PAGE_SIZE);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Select
          aria-label="Event type"
          size="sm"
          w={{ base: '100%', xs: 280 }}
          data={[
            { value: ALL, label: 'All event types' },
            ...types.map((t) => ({ value: t, label: eventTypeLabel(t) })),
          ]}
          value={type || ALL}
          allowDeselect={false}
          onChange={(value) => {
            setType(!value || value === ALL ? '' : value);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={downloading}
        >
          Download CSV
        </Button>
      </Group>

      {history.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : history.isError ? (
        <Alert color="red" variant="light">
          {errorText(history.error)}
        </Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          There are no entries here yet.
        </Text>
      ) : (
        <ScrollRegion label="Audit trail">
          <Table verticalSpacing="sm" fz="sm" aria-label="Audit trail" highlightOnHover miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>Time</Table.Th>
                <Table.Th w={210}>Event</Table.Th>
                <Table.Th w={190}>By</Table.Th>
                <Table.Th>Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id} style={{ verticalAlign: 'top' }}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c="navy.9">
                      {eventTypeLabel(entry.type)}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {entry.type}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="navy.9">
                      {entry.actor.name}
                    </Text>
                    {entry.actor.role && (
                      <Badge size="xs" variant="light" color="gray" radius="sm">
                        {ROLE_LABELS[entry.actor.role] ?? entry.actor.role}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Changes entry={entry} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}

      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} siblings={1} boundaries={1} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
