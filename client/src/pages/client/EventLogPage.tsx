import { Alert, Badge, Box, Center, Loader, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconMail, IconMessage, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatPhone } from '@machines/phone';
import { errorText } from '../../api/errors';
import { AuditTrail } from '../../features/customers/AuditTrail';
import { useCustomer, useEventLog } from '../../features/customers/queries';
import { plainTextToHtml } from '../../features/customers/safe-html';
import type { EventLogEntry } from '../../features/customers/types';
import { formatDateTime } from '../../ui/date-time';
import { EmailText } from '../../ui/EmailText';
import { ScrollRegion } from '../../ui/scroll-edges';

const EVENT_TYPES: Record<string, { label: string; color: string }> = {
  'sms.sent': { label: 'Text message', color: 'petrol' },
  'email.sent': { label: 'E-mail', color: 'indigo' },
  'sms.failed': { label: 'Text not delivered', color: 'red' },
  'email.failed': { label: 'E-mail not delivered', color: 'red' },
  'sms.delivered': { label: 'Text delivered', color: 'teal' },
  'sms.undelivered': { label: 'Text not received', color: 'red' },
  'reminder.sent': { label: 'Document reminder', color: 'orange' },
  'auth.first_login': { label: 'First sign-in', color: 'teal' },
  'auth.logged_in': { label: 'Signed in', color: 'teal' },
  'auth.signed_up': { label: 'Signed up', color: 'teal' },
  'applications.created': { label: 'Application', color: 'grape' },
  'filemanager.file_uploaded': { label: 'File uploaded', color: 'orange' },
};

function typeBadge(type: string) {
  const known = EVENT_TYPES[type];
  return (
    <Badge variant="light" color={known?.color ?? 'gray'} radius="sm" title={type} tt="none">
      {known?.label ?? type}
    </Badge>
  );
}

/** A phone recipient ('+14165550100') is shown grouped; an e-mail address whole, wrapping at its '@'. */
function formatRecipient(recipient: string | undefined): ReactNode {
  if (!recipient) return '';
  return /^\+?1\d{10}$/.test(recipient) ? formatPhone(recipient) : <EmailText email={recipient} />;
}

/** The message text, shown as HTML made from the plain text (escaped: nothing in it can run). */
function MessageText({ text }: { text?: string }) {
  if (!text) return <Text c="dimmed">—</Text>;
  return (
    <Box
      className="hw-message-text"
      fz="sm"
      c="navy.8"
      style={{ overflowWrap: 'break-word', lineHeight: 1.5 }}
      dangerouslySetInnerHTML={{ __html: plainTextToHtml(text) }}
    />
  );
}

/** Why a message could not be delivered, under its text. */
function FailureReason({ reason }: { reason?: string }) {
  if (!reason) return null;
  return (
    <Text size="xs" c="red.8" mt={4}>
      Not delivered: {reason}
    </Text>
  );
}

function EventLogList({ entries }: { entries: EventLogEntry[] }) {
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  if (compact) {
    return (
      <Stack gap="sm">
        {entries.map((entry) => (
          <Paper key={entry.id} withBorder radius="md" p="md">
            <Stack gap={6}>
              <Box style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                {typeBadge(entry.type)}
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.created)}
                </Text>
              </Box>
              {entry.context?.recipient && (
                <Text size="sm" fw={600} c="navy.9">
                  {formatRecipient(entry.context.recipient)}
                </Text>
              )}
              {entry.context?.subject && <Text size="sm">{entry.context.subject}</Text>}
              <MessageText text={entry.context?.text} />
              <FailureReason reason={entry.context?.reason} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollRegion label="Event log">
      <Table verticalSpacing="sm" fz="sm" aria-label="Event log" highlightOnHover miw={800}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={140}>Type</Table.Th>
            <Table.Th w={190}>Sent at</Table.Th>
            <Table.Th w={220}>Recipient</Table.Th>
            <Table.Th w={220}>Subject</Table.Th>
            <Table.Th>Message text</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} style={{ verticalAlign: 'top' }}>
              <Table.Td>{typeBadge(entry.type)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created)}</Table.Td>
              <Table.Td>{formatRecipient(entry.context?.recipient) || '—'}</Table.Td>
              <Table.Td>{entry.context?.subject || '—'}</Table.Td>
              <Table.Td>
                <MessageText text={entry.context?.text} />
                <FailureReason reason={entry.context?.reason} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** RouteEventLog: messages sent to the client and their sign-ins, and the client's audit trail. */
export function EventLogPage() {
  const { clientID } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'audit' ? 'audit' : 'log';
  const customer = useCustomer(clientID);
  const log = useEventLog(customer.data?.user?.id);
  const entries = log.data?.data ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value === 'audit' ? { tab: 'audit' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="log" leftSection={<IconHistory size={16} />}>
            Event log
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconShieldCheck size={16} />}>
            Audit trail
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="log">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              <IconMessage size={14} style={{ verticalAlign: -2 }} /> Text messages and{' '}
              <IconMail size={14} style={{ verticalAlign: -2 }} /> e-mails sent to the client, and their
              sign-ins.
            </Text>
            {customer.isPending || (log.isPending && log.fetchStatus !== 'idle') ? (
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            ) : customer.isError || log.isError ? (
              <Alert color="red" variant="light">
                {errorText(customer.error ?? log.error, 'Error while loading customer event log.')}
              </Alert>
            ) : entries.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                There are no entries here yet.
              </Text>
            ) : (
              <EventLogList entries={entries} />
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="audit">{customer.data && <AuditTrail customer={customer.data} />}</Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
