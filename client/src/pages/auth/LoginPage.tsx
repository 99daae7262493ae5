import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useAppForm } from '../../ui/form';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toWirePhone } from '@machines/phone';
import { digits, field, required } from '@machines/validation';
import { ROUTES } from '../../app/routes';
import { useSessionNeed, useSessionSend, useSessionState } from '../../features/auth/session';
import { AccountPhoneInput } from '../../ui/PhoneInput';
import { AuthCard } from './AuthCard';
import { SecondFactorStep } from './SecondFactorStep';

type LoginValues = { phone: string; password: string };

/**
 * RouteAuthLogin. One request at a time; after an attempt the button stays locked for 3000 ms. A user with
 * a second factor is asked for its code next; the phone number and password are kept for a step back.
 */
export function LoginPage() {
  const needSession = useSessionNeed();
  const send = useSessionSend();
  const signingIn = useSessionState((s) => s.matches('signingIn') || s.matches('loadingUser'), false);
  const locked = useSessionState((s) => s.matches({ signedOut: 'locked' }), false);
  const step = useSessionState(
    (s) => (s.matches('secondFactor') ? 'code' : s.matches('signedOut') ? 'password' : null),
    'password',
  );
  // While the user loads after a code, the code step stays on screen.
  const [lastStep, setLastStep] = useState<'code' | 'password'>('password');
  if (step && step !== lastStep) setLastStep(step);

  const form = useAppForm<LoginValues>({
    initialValues: { phone: '', password: '' },
    validate: {
      phone: field('phone number', required(), digits(10)),
      password: field('password', required()),
    },
  });

  const submit = form.onSubmit((values) => {
    send({
      type: 'SIGN_IN',
      credentials: { phone_number: toWirePhone(values.phone), password: values.password },
    });
  });

  if (step === 'code' || (!step && lastStep === 'code')) return <SecondFactorStep />;

  return (
    <AuthCard icon={IconLock} title="Sign in to your account">
      <form onSubmit={submit} onInput={needSession} noValidate>
        <Stack gap="md">
          <AccountPhoneInput {...form.getInputProps('phone')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={ROUTES.RouteAuthPasswordReset} size="sm" fw={500}>
              Forgot password
            </Anchor>
          </Group>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={signingIn}
            disabled={!form.isValid() || signingIn || locked}
          >
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
