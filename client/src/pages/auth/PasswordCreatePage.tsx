import { IconShieldLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { roleHome } from '../../app/routes';
import { NewPasswordForm } from '../../features/auth/NewPasswordForm';
import { SessionContext } from '../../features/auth/session';
import { AuthCard } from './AuthCard';

/** RouteAuthCustomerPasswordChange: the forced first password change, open to every signed-in role. */
export function PasswordCreatePage() {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const pending = SessionContext.useSelector((s) => s.matches({ signedIn: 'changingPassword' }));

  useEffect(() => {
    const subscription = session.on('passwordChanged', ({ user }) =>
      navigate(roleHome(user.role), { replace: true }),
    );
    return () => subscription.unsubscribe();
  }, [session, navigate]);

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
        onSubmit={(password) => session.send({ type: 'CHANGE_PASSWORD', password })}
      />
    </AuthCard>
  );
}
