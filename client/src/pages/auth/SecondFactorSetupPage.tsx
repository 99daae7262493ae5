import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { roleHome } from '../../app/routes';
import { SecondFactorEnrolment } from '../../features/auth/second-factor/SecondFactorEnrolment';
import { useCurrentUser, useMustEnrolSecondFactor, useReloadCurrentUser } from '../../features/auth/session';
import { useLogout } from '../../features/auth/use-logout';
import { AuthCard } from './AuthCard';

/**
 * RouteSecondFactorSetup: staff the brokerage requires a second factor of, and who have none, set it up
 * here before any other page opens; the recovery codes' Done leads to their home page.
 */
export function SecondFactorSetupPage() {
  const user = useCurrentUser();
  const mustEnrol = useMustEnrolSecondFactor();
  const navigate = useNavigate();
  const logout = useLogout();
  const reloadUser = useReloadCurrentUser();
  // Kept while the recovery codes are on screen, though the user reloaded after the enrolment has it.
  const [enrolling] = useState(mustEnrol);

  if (!enrolling) return <Navigate to={roleHome(user?.role)} replace />;

  return (
    <AuthCard
      icon={IconShieldLock}
      title="Set up two-factor sign-in"
      description="Your brokerage requires a code from an authenticator app at every sign-in."
    >
      <SecondFactorEnrolment
        autoFocus
        onDone={() =>
          // Home opens once the session holds the user with the second factor on.
          void reloadUser()
            .catch(() => undefined)
            .then(() => navigate(roleHome(user?.role), { replace: true }))
        }
      />
      <Button variant="subtle" color="gray" onClick={logout}>
        Sign out
      </Button>
    </AuthCard>
  );
}
