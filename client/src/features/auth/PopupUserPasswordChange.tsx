import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { closePopup } from '../../ui/popups';
import { NewPasswordForm } from './NewPasswordForm';
import { SessionContext } from './session';

/** 'Change password' for a signed-in user, opened by name from the user menu. */
export function PopupUserPasswordChange() {
  const session = SessionContext.useActorRef();
  const pending = SessionContext.useSelector((s) => s.matches({ signedIn: 'changingPassword' }));

  useEffect(() => {
    const subscription = session.on('passwordChanged', () => closePopup('PopupUserPasswordChange'));
    return () => subscription.unsubscribe();
  }, [session]);

  return (
    <NewPasswordForm
      submitLabel="Change"
      pending={pending}
      autoFocus
      onSubmit={(password) => session.send({ type: 'CHANGE_PASSWORD', password })}
      secondaryAction={
        <Button variant="default" onClick={() => closePopup('PopupUserPasswordChange')} disabled={pending}>
          Cancel
        </Button>
      }
    />
  );
}
