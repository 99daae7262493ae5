import {
  Button,
  CloseButton,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Badge,
} from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { displayId, personName } from '@machines/customer.rules';
import { canadianToday } from '@machines/validation';
import { useStoreClientView } from '../assignments/client-scope';
import type { CustomerView } from '../customers/types';
import { confirm } from '../../ui/confirm';
import { useAppForm } from '../../ui/form';
import { TARGET_SIZE } from '../../ui/target-size';
import { invalidForm } from '../assignments/invalid-form';
import { toast, toastError } from '../../ui/toast';
import { requestQuotes } from './api';
import {
  CommentTextarea,
  ExpectedValueInput,
  MortgagePositionSelect,
  WHOLE_NUMBER_INPUT,
} from './AppraisalFields';
import { IsoDateInput } from '../../ui/IsoDateInput';
import {
  quoteRequestDefaults,
  quoteRequestPayload,
  quoteRequestRules,
  type QuoteRequestValues,
} from './appraiser-forms';
import { useAppraisers } from './queries';
import { appraiserRoutes } from './routes';
import { useAppraiserSelection } from './use-appraiser-selection';

export const QUOTES_SENT = 'The appraisers requests has been sent';

export function quoteConfirmation(count: number): string {
  return count === 1 ? 'Start sending request to appraisal?' : 'Start sending requests to appraisals?';
}

/**
 * The quote request: the chosen appraisers and the details they receive. Without a selection it goes
 * back to the dashboard; once sent the selection is cleared and the appraisers are read again.
 */
export function QuoteRequestForm({ client }: { client: CustomerView }) {
  const navigate = useNavigate();
  const store = useStoreClientView(true);
  const routes = appraiserRoutes(client.id);
  const form = useAppForm<QuoteRequestValues>({
    initialValues: quoteRequestDefaults(client),
    validate: quoteRequestRules,
  });
  const { snapshot, send } = useAppraiserSelection(client.id, async (appraiserIds) => {
    try {
      store(await requestQuotes(client.id, quoteRequestPayload(client, appraiserIds, form.getValues())));
    } catch (error) {
      toastError(error);
      throw error;
    }
  });
  const [reviewed, setReviewed] = useState(false);
  useEffect(() => {
    send({ type: 'REVIEW' });
    setReviewed(true);
  }, [send]);
  const all = useAppraisers(client.id, { location: '', bank: '' });

  const sent = snapshot.matches('sent');
  useEffect(() => {
    if (!sent) return;
    toast.success(QUOTES_SENT);
    navigate(routes.dashboard, { replace: true });
  }, [sent, navigate, routes.dashboard]);

  const { selected } = snapshot.context;
  if (reviewed && snapshot.matches('selecting')) return <Navigate to={routes.dashboard} replace />;

  const submit = async () => {
    if (!(await confirm({ title: quoteConfirmation(selected.length), confirmLabel: 'Send' }))) return;
    send({ type: 'SEND' });
  };
  const chosen = selected.map((id) => ({ id, appraiser: all.data?.find((a) => a.id === id) }));
  const sending = snapshot.matches('sending');

  return (
    <form
      onSubmit={form.onSubmit(() => void submit(), invalidForm)}
      noValidate
      data-testid="quote-request-form"
    >
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Text fw={700} c="navy.9">
                {selected.length === 1 ? 'Appraiser' : `Appraisers (${selected.length})`}
              </Text>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => navigate(routes.dashboard)}
                disabled={sending}
              >
                Change
              </Button>
            </Group>
            <Group gap="xs" data-testid="quote-recipients">
              {all.isPending
                ? selected.map((id) => <Skeleton key={id} h={28} w={140} radius="xl" />)
                : chosen.map(({ id, appraiser }) => (
                    <Badge
                      key={id}
                      size="lg"
                      variant="light"
                      radius="xl"
                      tt="none"
                      pr={4}
                      rightSection={
                        <CloseButton
                          size={TARGET_SIZE}
                          aria-label={`Remove ${appraiser ? personName(appraiser) : 'appraiser'}`}
                          disabled={sending}
                          onClick={() => send({ type: 'TOGGLE', id })}
                        />
                      }
                    >
                      {appraiser
                        ? `${personName(appraiser)} · ${appraiser.locations.map((l) => l.name).join(', ')}`
                        : 'Appraiser no longer listed'}
                    </Badge>
                  ))}
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Text fw={700} c="navy.9">
              Property and mortgage
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput label="Client ID" value={displayId(client)} readOnly variant="filled" />
              <TextInput label="Property address" withAsterisk {...form.getInputProps('property_address')} />
              <TextInput label="Lender" withAsterisk {...form.getInputProps('lender')} />
              <MortgagePositionSelect {...form.getInputProps('mortgage_position')} />
              <NumberInput
                label="LTV"
                withAsterisk
                suffix="%"
                {...WHOLE_NUMBER_INPUT}
                size="md"
                {...form.getInputProps('ltv')}
              />
              <ExpectedValueInput {...form.getInputProps('expected_value')} />
              <IsoDateInput
                required
                label="Due date"
                minDate={canadianToday()}
                value={form.values.due_date}
                onChange={(value) => form.setFieldValue('due_date', value)}
                error={form.errors.due_date}
              />
            </SimpleGrid>
            <CommentTextarea label="Comment" {...form.getInputProps('comment')} />
          </Stack>
        </Paper>

        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => {
              send({ type: 'BACK' });
              navigate(routes.dashboard);
            }}
            disabled={sending}
          >
            Back
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={sending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
