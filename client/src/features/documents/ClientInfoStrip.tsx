import { Anchor, Button, Group, Indicator, Paper, SimpleGrid, Skeleton } from '@mantine/core';
import { IconNotes, IconSend } from '@tabler/icons-react';
import { dealTypeLabel, personName } from '@machines/customer.rules';
import { formatPhone } from '@machines/phone';
import { EmailText } from '../../ui/EmailText';
import { Fact, formatDate } from '../customers/Fact';
import { useCustomer } from '../customers/queries';
import { StatusSelect } from '../customers/StatusSelect';
import { useCustomerActions } from '../customers/use-customer-actions';

/**
 * The client at a glance on the documents pages (staff only): contacts, deal, broker, the status
 * dropdown, the notes and, where asked, the upload request.
 */
export function ClientInfoStrip({
  clientID,
  withUploadRequest = false,
}: {
  clientID: string;
  withUploadRequest?: boolean;
}) {
  const customer = useCustomer(clientID);
  const actions = useCustomerActions();
  if (!customer.data) return customer.isPending ? <Skeleton h={76} radius="lg" /> : null;
  const client = customer.data;
  const unreadNotes = client.notes_stat?.unread ?? 0;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="client-info">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <SimpleGrid
          cols={{ base: 2, sm: 3, lg: 5 }}
          spacing="lg"
          verticalSpacing="sm"
          style={{ flex: '1 1 520px' }}
        >
          <Fact label="Phone">
            {client.phone_number && (
              <Anchor href={`tel:+${client.phone_number}`} size="sm">
                {formatPhone(client.phone_number)}
              </Anchor>
            )}
          </Fact>
          <Fact label="Email">
            {client.email && (
              <Anchor href={`mailto:${client.email}`} size="sm">
                <EmailText email={client.email} />
              </Anchor>
            )}
          </Fact>
          <Fact label="Deal type">{dealTypeLabel(client.deal_type)}</Fact>
          <Fact label="Closing date">{formatDate(client.closing_date)}</Fact>
          <Fact label="Broker">{personName(client.broker)}</Fact>
        </SimpleGrid>
        <Group gap="sm" wrap="wrap">
          <StatusSelect customer={client} actions={actions} size="md" />
          <Indicator disabled={unreadNotes === 0} label={unreadNotes} size={16} color="red" offset={4}>
            <Button
              variant="default"
              leftSection={<IconNotes size={17} />}
              onClick={() => actions.openNotes(client)}
            >
              Notes
            </Button>
          </Indicator>
          {withUploadRequest && (
            <Button
              variant="light"
              leftSection={<IconSend size={17} />}
              onClick={() => void actions.sendUploadRequest(client)}
            >
              Send upload request
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
