import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  sessionMachine,
  type SessionTokens,
  type SessionUser,
  type SignInCredentials,
} from '@machines/session.machine';
import { refreshTokens } from '../../api/http';
import { clearTokens, setTokens } from '../../api/tokens';
import { clearPersistedState } from '../../app/local-state';
import { changePassword, loadCurrentUser, obtainTokens } from './api';

/** The session machine wired to the HTTP client, token storage and the query cache. */
export function createSessionLogic(queryClient: QueryClient) {
  return sessionMachine.provide({
    actors: {
      obtainTokens: fromPromise<SessionTokens, SignInCredentials>(({ input }) => obtainTokens(input)),
      // The HTTP client's refresh is single-flight and stores the new pair itself.
      refreshTokens: fromPromise<SessionTokens, { refresh: string }>(() => refreshTokens()),
      loadUser: fromPromise<SessionUser, void>(({ signal }) => loadCurrentUser(signal)),
      changePassword: fromPromise<SessionUser, { password: string }>(({ input }) =>
        changePassword(input.password),
      ),
    },
    actions: {
      persistTokens: (_, tokens) => setTokens(tokens),
      clearSession: () => {
        clearTokens();
        queryClient.clear();
        clearPersistedState();
      },
    },
  });
}

export type SessionLogic = ReturnType<typeof createSessionLogic>;
