import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { displayId } from '@machines/customer.rules';
import { useCommand } from '../../api/use-command';
import { clientViewKey, useStoreClientView } from '../assignments/client-scope';
import type { CustomerView } from '../customers/types';
import { confirm } from '../../ui/confirm';
import { useAppForm } from '../../ui/form';
import { invalidForm } from '../assignments/invalid-form';
import { PhoneInput } from '../../ui/PhoneInput';
import { toast, toastError } from '../../ui/toast';
import { assignAppraiser } from './api';
import { AppraiserCard } from './AppraiserCard';
import { CommentTextarea, ExpectedValueInput, MortgagePositionSelect } from './AppraisalFields';
import { IsoDateInput } from '../../ui/IsoDateInput';
import {
  ACCESS_DETAILS_OPTIONS,
  assignAppraiserDefaults,
  assignAppraiserPayload,
  assignAppraiserRules,
  type AssignAppraiserValues,
} from './appraiser-forms';
import { useAppraisers } from './queries';
import { appraiserRoutes } from './routes';
import { useAppraiserSelection } from './use-appraiser-selection';

export const APPRAISER_ADDED = 'Appraiser has been added to the client';
export const APPRAISER_ADD_ERROR = 'Error while adding appraiser';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Text fw={700} c="navy.9" fz="lg">
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The add-details form of the one appraiser chosen on the dashboard: the client's details and the
 * appraisal's, then Assign (for approval). Cancel resets the form and goes back to the dashboard.
 */
export function AssignAppraiserForm({ client }: { client: CustomerView }) {
  const navigate = useNavigate();
  const store = useStoreClientView(true);
  const routes = appraiserRoutes(client.id);
  const { snapshot, send } = useAppraiserSelection(client.id);
  const { selected } = snapshot.context;
  const appraiserId = selected.length === 1 ? selected[0] : null;
  const all = useAppraisers(client.id, { location: '', bank: '' }, !!appraiserId);
  const appraiser = all.data?.find((a) => a.id === appraiserId);
  const command = useCommand<CustomerView, { appraiserId: string; values: AssignAppraiserValues }>({
    send: ({ appraiserId: chosen, values }, requestId) =>
      assignAppraiser(client.id, chosen, assignAppraiserPayload(client.id, chosen, values), requestId),
    answers: () => [clientViewKey(true, client.id)],
    onSuccess: (view) => {
      send({ type: 'CLEAR' });
      store(view);
      toast.success(APPRAISER_ADDED);
      void navigate(routes.dashboard, { replace: true });
    },
    onError: (error) => toastError(error, APPRAISER_ADD_ERROR),
  });
  const busy = command.isPending;
  const form = useAppForm<AssignAppraiserValues>({
    initialValues: assignAppraiserDefaults(client),
    validate: assignAppraiserRules,
  });

  // A quote request sent to this appraiser fills in what it already said, unless something was typed.
  const quote = appraiser?.quote_request ?? null;
  useEffect(() => {
    if (!quote || form.isDirty()) return;
    const values = assignAppraiserDefaults(client, quote);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote]);

  if (!appraiserId) return <Navigate to={routes.dashboard} replace />;

  const assign = async (values: AssignAppraiserValues) => {
    if (!(await confirm({ title: 'Assign this appraiser to the client?', confirmLabel: 'Assign' }))) return;
    command.mutate({ appraiserId, values });
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => void assign(values), invalidForm)}
      noValidate
      data-testid="assign-appraiser-form"
    >
      <Stack gap="lg">
        {appraiser ? (
          <AppraiserCard appraiser={appraiser} eyebrow="Appraiser" />
        ) : all.isPending ? (
          <Skeleton h={150} radius="lg" />
        ) : null}

        <Section title="Client details">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Client ID" value={displayId(client)} readOnly variant="filled" />
            <TextInput label="First name" withAsterisk {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} />
            <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
            <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone_number')} />
            <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
            <ExpectedValueInput {...form.getInputProps('expected_value')} />
            <IsoDateInput
              required
              label="Expected completion date"
              value={form.values.expected_date}
              onChange={(value) => form.setFieldValue('expected_date', value)}
              error={form.errors.expected_date}
            />
            <Select
              label="Access details"
              withAsterisk
              placeholder="Who opens the door"
              data={ACCESS_DETAILS_OPTIONS}
              allowDeselect={false}
              size="md"
              {...form.getInputProps('access_details')}
            />
            <MortgagePositionSelect {...form.getInputProps('mortgage_position')} />
          </SimpleGrid>
        </Section>

        <Section title="Appraisal details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Lender" withAsterisk {...form.getInputProps('lender')} />
            <TextInput
              label="Underwriter's e-mail"
              type="email"
              withAsterisk
              {...form.getInputProps('underwriter_email')}
            />
            <TextInput label="Mortgage number" withAsterisk {...form.getInputProps('mortgage_number')} />
            <TextInput label="Underwriter" withAsterisk {...form.getInputProps('underwriter_name')} />
          </SimpleGrid>
          <CommentTextarea label="Notes" {...form.getInputProps('notes')} />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={busy}
            onClick={() => {
              form.reset();
              navigate(routes.dashboard);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconUserCheck size={16} />}>
            Assign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
