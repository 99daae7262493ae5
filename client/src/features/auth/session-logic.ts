import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  type SecondFactorInput,
  sessionMachine,
  type SessionTokens,
  type SignInAnswer,
  type SignInCredentials,
} from '@machines/session.machine';
import type { CurrentUserView } from '@machines/user.view';
import { refreshTokens } from '../../api/http';
import { clearTokens, maySessionExist, setTokens } from '../../api/tokens';
import { clearDrafts } from '../../app/drafts';
import { clearPersistedState } from '../../app/local-state';
import { changePassword, endServerSession, loadCurrentUser, obtainTokens, verifySecondFactor } from './api';

/**
 * A request that was cancelled because its actor stopped never settles. React's development double mount
 * stops the session actor and restores it from its snapshot; a rejection there would read as a failed
 * sign-in and end the session, while an unsettled request is simply run again by the restored actor.
 */
function unlessCancelled<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    if (signal.aborted) return new Promise<T>(() => undefined);
    throw error;
  });
}

/** What a start without any sign-in in this browser ends with: nothing to restore, nothing asked of the server. */
class NoSessionToRestore extends Error {
  override name = 'NoSessionToRestore';
}

/** The session machine wired to the HTTP client, token storage and the query cache. */
export function createSessionLogic(queryClient: QueryClient) {
  return sessionMachine.provide({
    actors: {
      obtainTokens: fromPromise<SignInAnswer, SignInCredentials>(({ input }) => obtainTokens(input)),
      verifySecondFactor: fromPromise<SessionTokens, SecondFactorInput>(({ input }) =>
        verifySecondFactor(input),
      ),
      // The HTTP client's refresh is single-flight and stores the new token itself.
      refreshTokens: fromPromise<SessionTokens, void>(() =>
        maySessionExist() ? refreshTokens() : Promise.reject(new NoSessionToRestore()),
      ),
      loadUser: fromPromise<CurrentUserView, void>(({ signal }) =>
        unlessCancelled(signal, () => loadCurrentUser(signal)),
      ),
      changePassword: fromPromise<CurrentUserView, { password: string }>(({ input }) =>
        changePassword(input.password),
      ),
    },
    actions: {
      persistTokens: (_, tokens) => setTokens(tokens),
      // Signing out locally does not wait for the server; the cookie and the session end there too.
      endServerSession: () => void endServerSession().catch(() => undefined),
      forgetDrafts: clearDrafts,
      clearSession: () => {
        clearTokens();
        queryClient.clear();
        clearPersistedState();
      },
    },
  });
}
