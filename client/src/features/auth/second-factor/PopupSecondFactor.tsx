import { Alert, Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { codeProblem, NO_SECOND_FACTOR, normalCode } from '@machines/second-factor';
import { showFieldErrors, useAppForm } from '../../../ui/form';
import { closePopup } from '../../../ui/popups';
import { toast, toastError } from '../../../ui/toast';
import { useTurnOffSecondFactor } from '../second-factor-commands';
import { useCurrentUser } from '../session';
import { CodeField } from './CodeField';
import { SecondFactorEnrolment } from './SecondFactorEnrolment';

const close = () => closePopup('PopupSecondFactor');

/** Turning it off asks for a current code from the app (or a recovery code). */
function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const turnOff = useTurnOffSecondFactor();
  const form = useAppForm({ initialValues: { code: '' }, validate: { code: codeProblem } });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      await turnOff.mutateAsync(normalCode(code));
      toast.success('Two-factor sign-in is off');
      close();
    } catch (error) {
      if (!showFieldErrors(form, error)) toastError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">To turn it off, enter a current code from your authenticator app.</Text>
        <CodeField autoFocus {...form.getInputProps('code')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={turnOff.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={turnOff.isPending}>
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Two-factor sign-in' from the user menu (staff): turn it on, see where it stands, or turn it off. */
export function PopupSecondFactor() {
  const user = useCurrentUser();
  const status = user?.second_factor ?? NO_SECOND_FACTOR;
  // The enrolment stays on screen until its recovery codes are dismissed, though the user is then enabled.
  const [enrolling] = useState(!status.enabled);
  const [turningOff, setTurningOff] = useState(false);

  if (enrolling) return <SecondFactorEnrolment onDone={close} autoFocus />;

  const left = status.recovery_codes_left;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color="teal">
          <IconShieldCheck size={22} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={700}>Two-factor sign-in is on</Text>
          <Text size="sm" c="dimmed">
            Every sign-in asks for a code from your authenticator app.
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">
        <Badge variant="light" color={left > 2 ? 'gray' : 'orange'} radius="sm" tt="none" size="lg">
          {left} recovery code{left === 1 ? '' : 's'} left
        </Badge>
      </Group>
      {status.required ? (
        <Alert variant="light" color="petrol" icon={<IconLock size={18} />}>
          Your brokerage requires two-factor sign-in.
        </Alert>
      ) : turningOff ? (
        <TurnOffForm onCancel={() => setTurningOff(false)} />
      ) : (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        </Group>
      )}
    </Stack>
  );
}
