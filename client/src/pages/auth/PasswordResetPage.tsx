import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useAppForm } from '../../ui/form';
import { IconMessage2Share } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { toWirePhone } from '@machines/phone';
import { digits, field, required } from '@machines/validation';
import { ROUTES } from '../../app/routes';
import { resetPassword } from '../../features/auth/api';
import { AccountPhoneInput } from '../../ui/PhoneInput';
import { toast, toastError } from '../../ui/toast';
import { AuthCard } from './AuthCard';

type ResetValues = { phone: string };

/** RouteAuthPasswordReset: a new password is sent by text message. */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const form = useAppForm<ResetValues>({
    initialValues: { phone: '' },
    validate: { phone: field('phone number', required(), digits(10)) },
  });

  const reset = useMutation({
    mutationFn: (phone: string) => resetPassword(toWirePhone(phone)),
    onSuccess: () => {
      toast.success('Text message with the new password has been sent');
      navigate(ROUTES.RouteAuthLogin);
    },
    onError: (error) => toastError(error),
  });

  return (
    <AuthCard
      icon={IconMessage2Share}
      title="Reset password"
      description="Enter the phone number of your account and we will text you a new password."
    >
      <form onSubmit={form.onSubmit((values) => reset.mutate(values.phone))} noValidate>
        <Stack gap="md">
          <AccountPhoneInput {...form.getInputProps('phone')} />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={reset.isPending}
            disabled={!form.isValid() || reset.isPending}
          >
            Send
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Remembered it?
            </Text>
            <Anchor component={Link} to={ROUTES.RouteAuthLogin} size="sm" fw={500}>
              Sign In
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
