import {
  Alert,
  Box,
  Button,
  Center,
  Code,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { appCodeProblem, normalCode } from '@machines/second-factor';
import { ApiError, errorText } from '../../../api/errors';
import { showFieldErrors, useAppForm } from '../../../ui/form';
import { toastError } from '../../../ui/toast';
import { useConfirmSecondFactor, useStartSecondFactorEnrolment } from '../second-factor-commands';
import { CodeField, groupedKey } from './CodeField';
import { RecoveryCodes } from './RecoveryCodes';

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function StepTitle({ step, children }: { step: number; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={26} radius="xl" variant="light" aria-hidden fw={700} fz="sm">
        {step}
      </ThemeIcon>
      <Text size="sm" pt={3}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * Turning two-factor sign-in on: a new secret as a QR code and a key, the app's first code to confirm it,
 * then the recovery codes, shown this once. `onDone` follows the recovery codes' Done.
 */
export function SecondFactorEnrolment({
  onDone,
  autoFocus = false,
}: {
  onDone: () => void;
  autoFocus?: boolean;
}) {
  const start = useStartSecondFactorEnrolment();
  const confirm = useConfirmSecondFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // The QR code is good for 15 minutes; after that (or if it was altered) a new one is needed.
  const [stale, setStale] = useState<string | null>(null);
  const started = useRef(false);
  const form = useAppForm({
    initialValues: { code: '' },
    validate: { code: appCodeProblem },
  });

  useEffect(() => {
    // One secret per opening, also under React's development double mount.
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;

  if (start.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light">
          {errorText(start.error)}
        </Alert>
        <Button variant="default" onClick={() => start.mutate()}>
          Try again
        </Button>
      </Stack>
    );
  }

  const enrolment = start.data;
  if (!enrolment || start.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Preparing your key" />
      </Center>
    );
  }

  const startAgain = () => {
    setStale(null);
    form.reset();
    start.mutate();
  };

  const submit = form.onSubmit(async ({ code }) => {
    try {
      const { recovery_codes } = await confirm.mutateAsync({
        enrolment: enrolment.enrolment,
        code: normalCode(code),
      });
      setRecoveryCodes(recovery_codes);
    } catch (error) {
      const onEnrolment =
        error instanceof ApiError ? error.errors.find((e) => e.field === 'enrolment') : undefined;
      if (onEnrolment) setStale(onEnrolment.description ?? 'This QR code has expired. Please start again.');
      else if (!showFieldErrors(form, error)) toastError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {stale && (
          <Alert color="orange" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{stale}</Text>
              <Button size="xs" variant="white" color="orange" onClick={startAgain}>
                Start again
              </Button>
            </Stack>
          </Alert>
        )}
        <Stack gap="sm">
          <StepTitle step={1}>
            Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…)
          </StepTitle>
          <Center>
            <Box
              p="xs"
              bg="white"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
            >
              <Image
                src={svgDataUrl(enrolment.qr_svg)}
                alt="QR code for your authenticator app"
                w={184}
                h={184}
                fit="contain"
              />
            </Box>
          </Center>
          <Text size="sm" ta="center" c="dimmed">
            Or enter this key:{' '}
            <Code
              fz="sm"
              fw={600}
              c="navy.9"
              data-testid="second-factor-key"
              style={{ userSelect: 'all', wordBreak: 'break-word' }}
            >
              {groupedKey(enrolment.secret)}
            </Code>
          </Text>
        </Stack>
        <Stack gap="sm">
          <StepTitle step={2}>Enter the 6-digit code the app shows.</StepTitle>
          <CodeField autoFocus={autoFocus} {...form.getInputProps('code')} />
        </Stack>
        <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
          Turn on
        </Button>
      </Stack>
    </form>
  );
}
