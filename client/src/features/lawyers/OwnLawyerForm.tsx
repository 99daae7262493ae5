import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAppForm } from '../../ui/form';
import { invalidForm } from '../assignments/invalid-form';
import { PhoneInput } from '../../ui/PhoneInput';
import { emptyLawyerForm, lawyerFormRules, type LawyerFormValues } from './lawyer-form';

/**
 * A lawyer's contact details: the customer's own lawyer on the add step, or an edit by staff.
 * The phone keeps 10 digits with +1 shown; the caller prepends '1' when sending.
 */
export function LawyerForm({
  initialValues,
  onSubmit,
  submitLabel,
  busy = false,
  onCancel,
  testId,
}: {
  initialValues?: LawyerFormValues;
  onSubmit: (values: LawyerFormValues) => void | Promise<void>;
  submitLabel: string;
  busy?: boolean;
  onCancel?: () => void;
  testId?: string;
}) {
  const form = useAppForm<LawyerFormValues>({
    initialValues: initialValues ?? emptyLawyerForm(),
    validate: lawyerFormRules,
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => void onSubmit(values), invalidForm)}
      noValidate
      data-testid={testId}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="First name"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('first_name')}
          />
          <TextInput label="Last name" withAsterisk autoComplete="off" {...form.getInputProps('last_name')} />
          <TextInput
            label="Company name"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('company')}
          />
          <TextInput
            label="Address"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('address_line')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <PhoneInput label="Phone number" withAsterisk {...form.getInputProps('phone_number')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The own-lawyer block of the add step, with its introduction and note (spec section 2). */
export function OwnLawyerSection({
  intro,
  onSubmit,
}: {
  intro: ReactNode;
  onSubmit: (values: LawyerFormValues) => void;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Text fw={700} c="navy.9">
          {intro}
        </Text>
        <Alert variant="light" color="yellow" icon={<IconInfoCircle />} py="xs">
          Please, make sure that you provide lawyer registered information (not an assistant)
        </Alert>
        <LawyerForm onSubmit={onSubmit} submitLabel="Add lawyer" testId="own-lawyer-form" />
      </Stack>
    </Paper>
  );
}
