import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { mustEnrolSecondFactor } from '@machines/second-factor';
import { sessionMachine } from '@machines/session.machine';
import type { CurrentUserView } from '@machines/user.view';
import { onSecondFactorSetupRequired, onSessionExpired } from '../../api/http';
import { getAccessToken, onTokensChange } from '../../api/tokens';
import { getInspect } from '../../app/inspect';
import { loadCurrentUser } from './api';
import { createSessionLogic } from './session-logic';

export const SessionContext = createActorContext(sessionMachine);

/**
 * Keeps the machine informed of what the HTTP client does to the tokens on its own, and of a refusal that
 * says the user must now set up two-factor sign-in (the reloaded user sends them to enrolment).
 */
function SessionBridge() {
  const session = SessionContext.useActorRef();
  const reloadUser = useReloadCurrentUser();
  useEffect(() => {
    const stopSetupRequired = onSecondFactorSetupRequired(() => void reloadUser().catch(() => undefined));
    const stopExpired = onSessionExpired(() => session.send({ type: 'SESSION.EXPIRED' }));
    const stopTokens = onTokensChange((tokens) => {
      if (tokens) session.send({ type: 'TOKENS.UPDATED', tokens });
    });
    return () => {
      stopSetupRequired();
      stopExpired();
      stopTokens();
    };
  }, [session, reloadUser]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const logic = useMemo(() => createSessionLogic(queryClient), [queryClient]);
  const options = useMemo(() => ({ input: { access: getAccessToken() }, inspect: getInspect() }), []);
  return (
    <SessionContext.Provider logic={logic} options={options}>
      <SessionBridge />
      {children}
    </SessionContext.Provider>
  );
}

/**
 * restoring: an existing session is being picked up (refresh, loading the user);
 * signingIn: the login form's request and the user load after it;
 * signedIn / signedOut.
 */
export type SessionStatus = 'restoring' | 'signingIn' | 'signedIn' | 'signedOut';

export function useSessionStatus(): SessionStatus {
  return SessionContext.useSelector((snapshot) => {
    if (snapshot.matches('signedIn')) return 'signedIn';
    if (snapshot.matches('signedOut')) return 'signedOut';
    if (snapshot.matches('signingIn')) return 'signingIn';
    return snapshot.context.origin === 'signIn' ? 'signingIn' : 'restoring';
  });
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUserView | null {
  return SessionContext.useSelector((snapshot) =>
    snapshot.matches('signedIn') ? snapshot.context.user : null,
  );
}

export function useMustChangePassword(): boolean {
  return SessionContext.useSelector(
    (snapshot) =>
      snapshot.matches({ signedIn: 'passwordChangeRequired' }) ||
      (snapshot.matches({ signedIn: 'changingPassword' }) &&
        !!snapshot.context.user?.require_change_password),
  );
}

/** Staff without a second factor while the brokerage requires one: only enrolment is open to them. */
export function useMustEnrolSecondFactor(): boolean {
  return SessionContext.useSelector(
    (snapshot) =>
      snapshot.matches('signedIn') &&
      !snapshot.context.user?.require_change_password &&
      mustEnrolSecondFactor(snapshot.context.user?.second_factor),
  );
}

/** Reads the signed-in user again (after a change of their own account) and hands them to the session. */
export function useReloadCurrentUser(): () => Promise<CurrentUserView> {
  const session = SessionContext.useActorRef();
  return useCallback(async () => {
    const user = await loadCurrentUser();
    session.send({ type: 'USER.UPDATED', user });
    return user;
  }, [session]);
}

export function fullName(user: Pick<CurrentUserView, 'first_name' | 'last_name'> | null | undefined): string {
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ');
}
