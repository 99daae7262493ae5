import { IconShieldLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { roleHome, safeRedirect } from '../../app/routes';
import { NewPasswordForm } from '../../features/auth/NewPasswordForm';
import { useSessionActor, useSessionSend, useSessionState } from '../../features/auth/session';
import { AuthCard } from './AuthCard';

/** RouteAuthCustomerPasswordChange: the forced first password change, open to every signed-in role. */
export function PasswordCreatePage() {
  const session = useSessionActor();
  const send = useSessionSend();
  const navigate = useNavigate();
  const pending = useSessionState((s) => s.matches({ signedIn: 'changingPassword' }), false);
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));

  useEffect(() => {
    const subscription = session?.on('passwordChanged', ({ user }) =>
      navigate(redirect ?? roleHome(user.role), { replace: true }),
    );
    return () => subscription?.unsubscribe();
  }, [session, navigate, redirect]);

  return (
    <AuthCard
      icon={IconShieldLock}
      title="Create your password"
      description={`Choose a password of at least 8 characters. Mixing lower and upper case letters, numbers and symbols makes it stronger.`}
    >
      <NewPasswordForm
        submitLabel="Add new password"
        pending={pending}
        autoFocus
        onSubmit={(password) => send({ type: 'CHANGE_PASSWORD', password })}
      />
    </AuthCard>
  );
}
