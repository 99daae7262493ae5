import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { sessionMachine } from '@machines/session.machine';
import type { CurrentUserView } from '@machines/user.view';
import { onSessionExpired } from '../../api/http';
import { getAccessToken, onTokensChange } from '../../api/tokens';
import { getInspect } from '../../app/inspect';
import { createSessionLogic } from './session-logic';

export const SessionContext = createActorContext(sessionMachine);

/** Keeps the machine informed of what the HTTP client does to the tokens on its own. */
function SessionBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const stopExpired = onSessionExpired(() => session.send({ type: 'SESSION.EXPIRED' }));
    const stopTokens = onTokensChange((tokens) => {
      if (tokens) session.send({ type: 'TOKENS.UPDATED', tokens });
    });
    return () => {
      stopExpired();
      stopTokens();
    };
  }, [session]);
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

export function fullName(user: Pick<CurrentUserView, 'first_name' | 'last_name'> | null | undefined): string {
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ');
}
