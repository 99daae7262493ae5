import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEAL_TYPE_OPTIONS, personName } from '@machines/customer.rules';
import { useCommand } from '../../api/use-command';
import { updateCustomer } from '../customers/api';
import type { CustomerView } from '../customers/types';
import { useStoreClientView } from '../assignments/client-scope';
import { ContactCard } from '../assignments/ContactCard';
import { useAppForm } from '../../ui/form';
import { invalidForm } from '../assignments/invalid-form';
import { PhoneInput } from '../../ui/PhoneInput';
import { toast, toastError } from '../../ui/toast';
import { addOwnLawyer, pickLawyer, updateOwnDetails } from './api';
import { forgetLawyerChoice } from './lawyer-choice';
import {
  changedDetails,
  clientToDetails,
  lawyerStepDetailsRules,
  type LawyerStepDetails,
} from './lawyer-form';
import { LawyerBadges } from './LawyerSearchList';
import { lawyerRoutes } from './routes';
import type { LawyerChoice } from './types';

export const LAWYER_SENT_FOR_APPROVAL = 'The lawyer has been sent for approval';
export const LAWYER_ASSIGNED = 'The lawyer has been assigned to the client';
export const LAWYER_ADD_ERROR = 'Error while adding lawyer';

/**
 * The details step: the client's details are checked (and saved when changed), then the chosen lawyer
 * is sent: for approval when the customer chose, assigned at once when staff did.
 */
export function LawyerDetailsStep({
  client,
  choice,
  staff,
}: {
  client: CustomerView;
  choice: LawyerChoice;
  staff: boolean;
}) {
  const navigate = useNavigate();
  const store = useStoreClientView(staff);
  const routes = lawyerRoutes(staff, client.id);
  const [initial] = useState(() => clientToDetails(client));
  const form = useAppForm<LawyerStepDetails>({ initialValues: initial, validate: lawyerStepDetailsRules });

  const command = useCommand<CustomerView, LawyerStepDetails>({
    send: async (values) => {
      const changes = changedDetails(initial, values, staff);
      if (Object.keys(changes).length > 0) {
        store(
          staff
            ? await updateCustomer(client.id, { ...changes, version: client.version })
            : await updateOwnDetails(changes),
        );
      }
      return choice.kind === 'trusted'
        ? pickLawyer(client.id, choice.lawyer.id)
        : addOwnLawyer(client.id, choice.lawyer);
    },
    onSuccess: (view) => {
      forgetLawyerChoice(client.id);
      store(view);
      toast.success(staff ? LAWYER_ASSIGNED : LAWYER_SENT_FOR_APPROVAL);
      void navigate(routes.selected, { replace: true });
    },
    onError: (error) => toastError(error, LAWYER_ADD_ERROR),
  });
  const busy = command.isPending;
  const send = (values: LawyerStepDetails) => command.mutate(values);

  const lawyer = choice.lawyer;
  return (
    <Stack gap="lg">
      <ContactCard
        eyebrow={staff ? 'Chosen lawyer' : 'Your choice'}
        name={personName(lawyer)}
        company={lawyer.company}
        phone={lawyer.phone_number}
        email={lawyer.email}
        address={lawyer.address_line}
        badges={
          <LawyerBadges
            lawyer={{ is_trusted_partner: choice.kind === 'trusted' && choice.lawyer.is_trusted_partner }}
          />
        }
        actions={
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
            onClick={() => navigate(routes.add)}
          >
            Choose another lawyer
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          onSubmit={form.onSubmit((values) => void send(values), invalidForm)}
          noValidate
          data-testid="lawyer-details-form"
        >
          <Stack gap="md">
            <Stack gap={2}>
              <Text fw={700} c="navy.9">
                {staff ? 'Client details for the lawyer' : 'Your details for the lawyer'}
              </Text>
              <Text size="sm" c="dimmed">
                {staff
                  ? 'The lawyer receives these details with the file.'
                  : 'Please check your details: your lawyer will use them to prepare the closing.'}
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput label="First name" withAsterisk {...form.getInputProps('first_name')} />
              <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} />
              <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
              <PhoneInput label="Phone number" withAsterisk {...form.getInputProps('phone_number')} />
              <TextInput label="Address" withAsterisk {...form.getInputProps('address_line')} />
              <TextInput label="Lender" withAsterisk {...form.getInputProps('lender')} />
              <Select
                label="Deal type"
                withAsterisk
                data={DEAL_TYPE_OPTIONS}
                allowDeselect={false}
                size="md"
                disabled={!staff}
                description={staff ? undefined : 'Set by your mortgage agent'}
                {...form.getInputProps('deal_type')}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate(routes.add)} disabled={busy}>
                Back
              </Button>
              <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
                {staff ? 'Assign lawyer' : 'Send for approval'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
