import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconStar } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import {
  BROKER_NOTES_MAX_LENGTH,
  changedPayload,
  createPayload,
  customerFormRules,
  customerToForm,
  emptyCustomerForm,
  isCustomerFormChanged,
  isCustomerFormField,
  isFilogixChanged,
  rebaseCustomerForm,
  type CustomerFormValues,
} from '@machines/customer-form';
import {
  CUSTOMER_TYPE_OPTIONS,
  DEAL_TYPE_OPTIONS,
  STATUS_OPTIONS,
  canRequestReview,
  closingDateState,
  displayId,
  personName,
} from '@machines/customer.rules';
import { ApiError, errorText } from '../../api/errors';
import { confirmLeaveUnsaved } from '../../ui/confirm';
import { useLeaveGuard } from '../../app/leave-guard';
import { useAppForm } from '../../ui/form';
import { PhoneInput } from '../../ui/PhoneInput';
import { IsoDateInput } from '../../ui/IsoDateInput';
import { TOAST_LONG, toast } from '../../ui/toast';
import { fullName, useCurrentUser } from '../auth/session';
import { askFilogixFolderChoice } from './PopupFilogixFolderChoice';
import { useAssistants, useBrokers, useCreateCustomer, useUpdateCustomer } from './queries';
import { StatusSelect } from './StatusSelect';
import type { CustomerView } from './types';
import type { CustomerActions } from './use-customer-actions';

export const INVALID_FORM_MESSAGE = 'One or more form fields are invalid.';
const UNSAVED_CLIENT = 'The changes to this client have not been saved.';

/** Esc closes the panel unless a popup or an open dropdown is what Esc is meant for. */
function useEscapeToClose(onClose: () => void) {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[aria-expanded="true"]')) return;
      close();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** 'Closing date in N days' and the warning while the closing date is near on an open file. */
export function ClosingDateNotice({ customer }: { customer: Pick<CustomerView, 'closing_date' | 'status'> }) {
  const state = closingDateState(customer);
  if (!state.warning && !state.counter) return null;
  const text = state.counter ?? 'The closing date has passed';
  return (
    <Badge
      size="lg"
      radius="sm"
      variant="light"
      color={state.warning ? 'orange' : 'gray'}
      leftSection={state.warning ? <IconAlertTriangle size={14} /> : <IconCalendarEvent size={14} />}
      tt="none"
      data-testid="closing-date-notice"
    >
      {text}
    </Badge>
  );
}

export function RequestReviewLink({
  customer,
  actions,
}: {
  customer: CustomerView;
  actions: CustomerActions;
}) {
  if (!canRequestReview(customer)) return null;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={() => void actions.requestReview(customer)}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconStar size={15} />
        Request a review
      </Group>
    </Anchor>
  );
}

export interface CustomerPanelProps {
  mode: 'create' | 'edit';
  /** The client being edited. */
  customer?: CustomerView;
  actions: CustomerActions;
  onClose: () => void;
  onSaved?: (customer: CustomerView) => void;
}

function SectionTitle({ children }: { children: React.ReactNode }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="navy.5" lts={0.6}>
      {children}
    </Text>
  );
}

/**
 * The client panel: 'New applicant details' (create) or 'Applicant details' (edit), with a 'Second
 * applicant' section. Save and Reset wait for a change; Esc or the close button closes it.
 */
export function CustomerPanel({ mode, customer, actions, onClose, onSaved }: CustomerPanelProps) {
  const me = useCurrentUser();
  const { mutateAsync: createClient } = useCreateCustomer();
  const { mutateAsync: updateClient } = useUpdateCustomer();
  const brokerEditable = me?.role === 'principal_broker' || me?.role === 'assistant';
  const brokers = useBrokers(brokerEditable);
  const assistants = useAssistants();
  const [saving, setSaving] = useState(false);

  const startingValues = () =>
    mode === 'edit' && customer
      ? customerToForm(customer)
      : emptyCustomerForm({ assistant: me?.role === 'assistant' ? String(me.id) : '' });
  const [base, setBase] = useState<{ values: CustomerFormValues; version: number | null }>(() => ({
    values: startingValues(),
    version: customer?.version ?? null,
  }));

  const rules = customerFormRules({ mode, brokerEditable, assistantShown: true });
  const form = useAppForm<CustomerFormValues>({
    initialValues: base.values,
    validate: Object.fromEntries(
      Object.entries(rules).map(([key, rule]) => [
        key,
        (value: unknown, values: CustomerFormValues) => rule!(value, values),
      ]),
    ),
  });

  // A newer copy of the client (saved elsewhere, or a status change here): untouched fields follow it.
  useEffect(() => {
    if (mode !== 'edit' || !customer || base.version === null || customer.version <= base.version) return;
    const next = customerToForm(customer);
    const merged = rebaseCustomerForm(base.values, next, form.getValues());
    setBase({ values: next, version: customer.version });
    form.setInitialValues(next);
    form.setValues(merged);
    form.resetDirty(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer?.version]);

  const changed = isCustomerFormChanged(base.values, form.values);

  // Closing the panel or leaving the page with unsaved changes asks first, as the form builder does.
  const unsaved = () => isCustomerFormChanged(base.values, form.getValues());
  useLeaveGuard(unsaved, UNSAVED_CLIENT);
  const requestClose = async () => {
    if (unsaved() && !(await confirmLeaveUnsaved(UNSAVED_CLIENT))) return;
    onClose();
  };
  useEscapeToClose(() => void requestClose());

  const reset = () => {
    form.setValues(base.values);
    form.resetDirty(base.values);
    form.clearErrors();
  };

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError) {
      for (const item of error.errors) {
        if (isCustomerFormField(item.field) && item.description)
          form.setFieldError(item.field, item.description);
      }
    }
    toast.error(errorText(error, 'Something went wrong!'), TOAST_LONG);
  };

  const save = async (values: CustomerFormValues) => {
    setSaving(true);
    try {
      if (mode === 'create') {
        const created = await createClient(createPayload(values, { brokerEditable }));
        toast.success(`Client ${personName(created)} has been successfully added.`, TOAST_LONG);
        onSaved?.(created);
        onClose();
        return;
      }
      if (!customer) return;
      const payload: Record<string, unknown> = changedPayload(base.values, values, {
        brokerEditable,
        includeStatus: false,
      });
      if (isFilogixChanged(base.values, values)) {
        const choice = await askFilogixFolderChoice(base.values.filogix_number, values.filogix_number.trim());
        if (choice === null) {
          toast.warning('The changes were not saved.');
          return;
        }
        payload.is_create_folder = choice;
      }
      const updated = await updateClient({
        id: customer.id,
        changes: { ...payload, version: base.version ?? customer.version },
      });
      const next = customerToForm(updated);
      setBase({ values: next, version: updated.version });
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      toast.success(`Client ${personName(updated)} has been successfully edited.`, TOAST_LONG);
      onSaved?.(updated);
      onClose();
    } catch (error) {
      showServerErrors(error);
    } finally {
      setSaving(false);
    }
  };

  const brokerOptions = (brokers.data ?? []).map((user) => ({
    value: String(user.id),
    label: personName(user),
  }));
  if (customer?.broker && !brokerOptions.some((option) => option.value === customer.broker!.id))
    brokerOptions.push({ value: customer.broker.id, label: personName(customer.broker) });
  const assistantOptions = (assistants.data ?? []).map((user) => ({
    value: String(user.id),
    label: personName(user),
  }));
  if (customer?.assistant && !assistantOptions.some((option) => option.value === customer.assistant!.id))
    assistantOptions.push({ value: customer.assistant.id, label: personName(customer.assistant) });

  const brokerName = mode === 'edit' ? personName(customer?.broker) : fullName(me);
  const title = mode === 'create' ? 'New applicant details' : 'Applicant details';

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="sm"
      component="section"
      aria-label={title}
      data-testid={mode === 'create' ? 'create-client-panel' : 'edit-client-panel'}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => void save(values),
          () => toast.error(INVALID_FORM_MESSAGE, TOAST_LONG),
        )}
        onReset={(event) => {
          event.preventDefault();
          reset();
        }}
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="sm">
                <Title order={3} fz={{ base: 18, sm: 20 }} c="navy.9">
                  {title}
                </Title>
                {customer && (
                  <Badge variant="outline" color="navy" radius="sm" tt="none">
                    {displayId(customer)}
                  </Badge>
                )}
              </Group>
              {customer && (
                <Group gap="md">
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      Status
                    </Text>
                    <StatusSelect customer={customer} actions={actions} size="md" />
                  </Group>
                  <ClosingDateNotice customer={customer} />
                  <RequestReviewLink customer={customer} actions={actions} />
                </Group>
              )}
            </Stack>
            <CloseButton onClick={() => void requestClose()} aria-label="Close the panel" size="lg" />
          </Group>

          <Stack gap="sm">
            <SectionTitle>Applicant</SectionTitle>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label="First name"
                withAsterisk
                autoComplete="off"
                data-autofocus
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label="Last name"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('last_name')}
              />
              <TextInput
                label="Email"
                withAsterisk
                type="email"
                autoComplete="off"
                {...form.getInputProps('email')}
              />
              <PhoneInput
                label="Phone number"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('phone_number')}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <SectionTitle>Mortgage file</SectionTitle>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
              {mode === 'create' && (
                <Select
                  label="Status"
                  withAsterisk
                  data={STATUS_OPTIONS}
                  allowDeselect={false}
                  size="md"
                  {...form.getInputProps('status')}
                />
              )}
              <Select
                label="Deal type"
                withAsterisk
                data={DEAL_TYPE_OPTIONS}
                allowDeselect={false}
                size="md"
                {...form.getInputProps('deal_type')}
              />
              <Select
                label="Client type"
                data={CUSTOMER_TYPE_OPTIONS}
                allowDeselect={false}
                size="md"
                {...form.getInputProps('role')}
              />
              <IsoDateInput
                label="Closing date"
                value={form.values.closing_date}
                onChange={(value) => form.setFieldValue('closing_date', value)}
                error={form.errors.closing_date}
              />
              <TextInput
                label="Filogix number"
                autoComplete="off"
                {...form.getInputProps('filogix_number')}
              />
              <TextInput label="Lender" autoComplete="off" {...form.getInputProps('lender')} />
              <TextInput
                label="Property address"
                autoComplete="off"
                {...form.getInputProps('address_line')}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <SectionTitle>Mortgage team</SectionTitle>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
              {brokerEditable ? (
                <Select
                  label="Broker"
                  withAsterisk
                  placeholder={brokers.isLoading ? 'Loading brokers…' : 'Choose a broker'}
                  data={brokerOptions}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No brokers found"
                  size="md"
                  {...form.getInputProps('broker')}
                />
              ) : (
                <TextInput label="Broker" value={brokerName} readOnly variant="filled" />
              )}
              <Select
                label="Assistant"
                withAsterisk
                placeholder={assistants.isLoading ? 'Loading assistants…' : 'Choose an assistant'}
                data={assistantOptions}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No assistants found"
                size="md"
                {...form.getInputProps('assistant')}
              />
            </SimpleGrid>
          </Stack>

          <Divider />

          <Stack gap="sm">
            <Title order={4} fz={16} c="navy.9">
              Second applicant
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label="First name"
                autoComplete="off"
                aria-label="Second applicant first name"
                {...form.getInputProps('second_applicant_first_name')}
              />
              <TextInput
                label="Last name"
                autoComplete="off"
                aria-label="Second applicant last name"
                {...form.getInputProps('second_applicant_last_name')}
              />
              <TextInput
                label="Email"
                type="email"
                autoComplete="off"
                aria-label="Second applicant email"
                {...form.getInputProps('second_applicant_email')}
              />
              <PhoneInput
                label="Phone number"
                autoComplete="off"
                aria-label="Second applicant phone number"
                {...form.getInputProps('second_applicant_phone_number')}
              />
            </SimpleGrid>
          </Stack>

          {mode === 'create' && (
            <Textarea
              label="Broker notes"
              description={`Saved as the client's first note, visible to staff only. ${form.values.initial_note.length}/${BROKER_NOTES_MAX_LENGTH}`}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={BROKER_NOTES_MAX_LENGTH}
              {...form.getInputProps('initial_note')}
            />
          )}

          <Group justify="flex-end" gap="sm">
            <Button type="reset" variant="default" disabled={!changed || saving}>
              Reset
            </Button>
            <Button type="submit" disabled={!changed} loading={saving} miw={120}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
