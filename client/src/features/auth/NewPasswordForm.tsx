import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useAppForm } from '../../ui/form';
import type { ReactNode } from 'react';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '@machines/password.rules';
import { confirmed, field, min, required, type Rule } from '@machines/validation';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { toLocalPhone } from '@machines/phone';
import { useCurrentUser } from './session';

/** The rules the server applies to a chosen password (not blank, not the phone number, ...). */
const acceptablePassword =
  (phoneNumber: string | null | undefined): Rule =>
  (value, _values, name) =>
    typeof value === 'string' && value !== '' ? passwordProblem(value, phoneNumber, name) : null;

type NewPasswordValues = { password: string; confirmation: string };

export interface NewPasswordFormProps {
  submitLabel: string;
  pending: boolean;
  onSubmit: (password: string) => void;
  /** Extra buttons beside the submit button (Cancel in the popup). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
}

/** New password and its confirmation with a strength indicator; the button stays disabled until valid. */
export function NewPasswordForm({
  submitLabel,
  pending,
  onSubmit,
  secondaryAction,
  autoFocus,
}: NewPasswordFormProps) {
  const phoneNumber = useCurrentUser()?.phone_number;
  const form = useAppForm<NewPasswordValues>({
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: field('new password', required(), min(MIN_PASSWORD_LENGTH), acceptablePassword(phoneNumber)),
      confirmation: field(
        'confirm new password',
        required(),
        min(MIN_PASSWORD_LENGTH),
        confirmed('password'),
      ),
    },
  });
  const valid = form.isValid();

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.password))} noValidate>
      {/* The account the new password is for, as a password manager files it: the number signed in with. */}
      <input
        type="text"
        autoComplete="username"
        value={toLocalPhone(phoneNumber ?? '')}
        readOnly
        hidden
        aria-hidden
      />
      <Stack gap="md">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          // A page focuses it itself; a popup (Mantine's modal) focuses what carries data-autofocus.
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('password')}
        />
        <PasswordStrengthMeter password={form.values.password} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmation')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          {secondaryAction}
          <Button type="submit" disabled={!valid || pending} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
