import { Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconEdit,
  IconFileCheck,
  IconHistory,
  IconKey,
  IconMailForward,
  IconNotes,
  IconSend,
  IconTrash,
  IconScale,
  IconHomeSearch,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  canEmailLawyer,
  customerTypeLabel,
  dealTypeLabel,
  formatReviewDate,
  personName,
} from '@machines/customer.rules';
import { formatPhone } from '@machines/phone';
import { href } from '../../app/routes';
import { ClosingDateNotice, CustomerPanel, RequestReviewLink } from './CustomerPanel';
import { EmailText } from '../../ui/EmailText';
import { CustomerSteps } from './CustomerSteps';
import { RemindersStatus } from '../reminders/RemindersStatus';
import { Fact, formatDate } from './Fact';
import type { CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

/** The details panel a client's row expands into; the edit toggle swaps it for the edit form. */
export function CustomerDetails({
  customer,
  actions,
  editing,
  onToggleEdit,
}: {
  customer: CustomerView;
  actions: CustomerActions;
  editing: boolean;
  onToggleEdit: () => void;
}) {
  if (editing) {
    return <CustomerPanel mode="edit" customer={customer} actions={actions} onClose={onToggleEdit} />;
  }
  const secondApplicant = personName({
    first_name: customer.second_applicant_first_name,
    last_name: customer.second_applicant_last_name,
  });
  const formSecret = customer.form_codes[0];
  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'lg' }} withBorder bg="white" data-testid="client-details">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={4} fz={16} c="navy.9">
              Client details
            </Title>
            <ClosingDateNotice customer={customer} />
            <RequestReviewLink customer={customer} actions={actions} />
            <RemindersStatus customerId={customer.id} />
            {customer.is_review_requested && (
              <Text size="sm" c="dimmed">
                Review requested {formatReviewDate(customer.review_requested_at)}
              </Text>
            )}
          </Group>
          <Button size="xs" leftSection={<IconEdit size={15} />} onClick={onToggleEdit} variant="light">
            Edit client
          </Button>
        </Group>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
                <Fact label="Deal type">{dealTypeLabel(customer.deal_type)}</Fact>
                <Fact label="Client type">{customerTypeLabel(customer.role)}</Fact>
                <Fact label="Closing date">{formatDate(customer.closing_date)}</Fact>
                <Fact label="Lender">{customer.lender}</Fact>
                <Fact label="Filogix number">{customer.filogix_number}</Fact>
                <Fact label="Client ID">{customer.typed_id.toUpperCase()}</Fact>
                <Fact label="Property address">{customer.address_line}</Fact>
                <Fact label="Broker">{personName(customer.broker)}</Fact>
                <Fact label="Assistant">{personName(customer.assistant)}</Fact>
              </SimpleGrid>
              <Stack gap="xs">
                <Text size="sm" fw={700} c="navy.9">
                  Second applicant
                </Text>
                {secondApplicant ||
                customer.second_applicant_email ||
                customer.second_applicant_phone_number ? (
                  <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                    <Fact label="Name">{secondApplicant}</Fact>
                    <Fact label="Email">
                      {customer.second_applicant_email && (
                        <EmailText email={customer.second_applicant_email} />
                      )}
                    </Fact>
                    <Fact label="Phone number">{formatPhone(customer.second_applicant_phone_number)}</Fact>
                  </SimpleGrid>
                ) : (
                  <Text size="sm" c="dimmed">
                    No second applicant.
                  </Text>
                )}
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs">
              <Text size="sm" fw={700} c="navy.9">
                Client progress
              </Text>
              <CustomerSteps customer={customer} />
            </Stack>
          </Grid.Col>
        </Grid>

        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconNotes size={15} />}
            onClick={() => actions.openNotes(customer)}
          >
            Notes
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileCheck size={15} />}
            component={Link}
            to={
              formSecret
                ? href('RouteClientDocuments', { clientID: customer.id, formSecret })
                : href('RouteClientFormCreate', { clientID: customer.id })
            }
          >
            {formSecret ? 'Documents' : 'Create form'}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconScale size={15} />}
            component={Link}
            to={href('RouteStaffLawyerSelected', { clientID: customer.id })}
          >
            Lawyer
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHomeSearch size={15} />}
            component={Link}
            to={href('RouteStaffAppraisersSelected', { clientID: customer.id })}
          >
            Appraiser
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={15} />}
            onClick={() => void actions.sendUploadRequest(customer)}
          >
            Send upload request
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={15} />}
            disabled={!canEmailLawyer(customer)}
            onClick={() => void actions.emailLawyer(customer)}
          >
            Email the lawyer
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={15} />}
            disabled={!customer.user}
            onClick={() => void actions.resendPassword(customer)}
          >
            Resend password
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={15} />}
            onClick={() => actions.viewLogs(customer)}
          >
            View logs
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={15} />}
            onClick={() => actions.remove(customer)}
          >
            Delete client
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
