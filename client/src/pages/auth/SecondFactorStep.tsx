import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { codeProblem, normalCode } from '@machines/second-factor';
import { errorText } from '../../api/errors';
import { CodeField } from '../../features/auth/second-factor/CodeField';
import { useSessionActor, useSessionSend, useSessionState } from '../../features/auth/session';
import { useAppForm } from '../../ui/form';
import { AuthCard } from './AuthCard';

/** After a right password: the code from the authenticator app, or one of the recovery codes. */
export function SecondFactorStep() {
  const session = useSessionActor();
  const send = useSessionSend();
  const verifying = useSessionState(
    (s) => s.matches({ secondFactor: 'verifying' }) || s.matches('loadingUser'),
    false,
  );
  const [recovery, setRecovery] = useState(false);
  const form = useAppForm({ initialValues: { code: '' }, validate: { code: codeProblem } });

  useEffect(() => {
    const subscription = session?.on('codeRejected', ({ error }) => {
      form.setFieldError('code', errorText(error, 'That code is not right. Please try again.'));
      form.getInputNode('code')?.focus();
    });
    return () => subscription?.unsubscribe();
    // The form's methods are stable; subscribing once is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  const submit = form.onSubmit(({ code }) => send({ type: 'SUBMIT_CODE', code: normalCode(code) }));

  const switchKind = () => {
    setRecovery((value) => !value);
    form.reset();
    form.getInputNode('code')?.focus();
  };

  return (
    <AuthCard
      icon={IconDeviceMobile}
      title="Two-step verification"
      description={
        recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CodeField
            key={recovery ? 'recovery' : 'app'}
            recovery={recovery}
            data-autofocus
            autoFocus
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" fw={500} onClick={switchKind}>
              {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={verifying}>
            Verify
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => send({ type: 'CANCEL' })}
            disabled={verifying}
          >
            Back to sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
