import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { closePopup } from '../../ui/popups';
import { NewPasswordForm } from './NewPasswordForm';
import { useSessionActor, useSessionSend, useSessionState } from './session';

/** 'Change password' for a signed-in user, opened by name from the user menu. */
export function PopupUserPasswordChange() {
  const session = useSessionActor();
  const send = useSessionSend();
  const pending = useSessionState((s) => s.matches({ signedIn: 'changingPassword' }), false);

  useEffect(() => {
    const subscription = session?.on('passwordChanged', () => closePopup('PopupUserPasswordChange'));
    return () => subscription?.unsubscribe();
  }, [session]);

  return (
    <NewPasswordForm
      submitLabel="Change"
      pending={pending}
      autoFocus
      onSubmit={(password) => send({ type: 'CHANGE_PASSWORD', password })}
      secondaryAction={
        <Button variant="default" onClick={() => closePopup('PopupUserPasswordChange')} disabled={pending}>
          Cancel
        </Button>
      }
    />
  );
}
