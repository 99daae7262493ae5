import { Alert, Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { appCodeProblem, codeProblem, NO_SECOND_FACTOR, normalCode } from '@machines/second-factor';
import { showFieldErrors, useAppForm } from '../../../ui/form';
import { closePopup } from '../../../ui/popups';
import { toast, toastError } from '../../../ui/toast';
import { useReplaceRecoveryCodes, useTurnOffSecondFactor } from '../second-factor-commands';
import { useCurrentUser } from '../session';
import { CodeField } from './CodeField';
import { RecoveryCodes } from './RecoveryCodes';
import { SecondFactorEnrolment } from './SecondFactorEnrolment';

const close = () => closePopup('PopupSecondFactor');

/**
 * Asks for a current code before a change to the second factor: turning it off (a recovery code will do)
 * or new recovery codes (only the app proves the phone is at hand).
 */
function ConfirmWithCode({
  text,
  action,
  color,
  appOnly,
  onConfirm,
  onCancel,
}: {
  text: string;
  action: string;
  color?: string;
  appOnly?: boolean;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [pending, setPending] = useState(false);
  const form = useAppForm({
    initialValues: { code: '' },
    validate: { code: appOnly ? appCodeProblem : codeProblem },
  });
  const submit = form.onSubmit(async ({ code }) => {
    setPending(true);
    try {
      await onConfirm(normalCode(code));
    } catch (error) {
      if (!showFieldErrors(form, error)) toastError(error);
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <CodeField autoFocus {...form.getInputProps('code')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Two-factor sign-in' from the user menu (staff): turn it on, see where it stands, new recovery codes, or off. */
export function PopupSecondFactor() {
  const user = useCurrentUser();
  const status = user?.second_factor ?? NO_SECOND_FACTOR;
  // The enrolment stays on screen until its recovery codes are dismissed, though the user is then enabled.
  const [enrolling] = useState(!status.enabled);
  const [step, setStep] = useState<'status' | 'turning_off' | 'new_codes'>('status');
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const turnOff = useTurnOffSecondFactor();
  const replaceCodes = useReplaceRecoveryCodes();

  if (enrolling) return <SecondFactorEnrolment onDone={close} autoFocus />;
  if (newCodes) return <RecoveryCodes codes={newCodes} onDone={close} />;

  const left = status.recovery_codes_left;
  const backToStatus = () => setStep('status');
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
      {status.required && (
        <Alert variant="light" color="petrol" icon={<IconLock size={18} />}>
          Your brokerage requires two-factor sign-in.
        </Alert>
      )}
      {step === 'turning_off' ? (
        <ConfirmWithCode
          text="To turn it off, enter a current code from your authenticator app."
          action="Turn off"
          color="red"
          onCancel={backToStatus}
          onConfirm={async (code) => {
            await turnOff.mutateAsync(code);
            toast.success('Two-factor sign-in is off');
            close();
          }}
        />
      ) : step === 'new_codes' ? (
        <ConfirmWithCode
          text="Enter a current code from your authenticator app. Your old recovery codes will stop working."
          action="Get new codes"
          appOnly
          onCancel={backToStatus}
          onConfirm={async (code) => setNewCodes((await replaceCodes.mutateAsync(code)).recovery_codes)}
        />
      ) : (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button variant="light" onClick={() => setStep('new_codes')}>
            New recovery codes
          </Button>
          {!status.required && (
            <Button variant="light" color="red" onClick={() => setStep('turning_off')}>
              Turn off
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
