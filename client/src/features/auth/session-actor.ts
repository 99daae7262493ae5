import type { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { onSecondFactorSetupRequired, onSessionExpired } from '../../api/http';
import { getAccessToken, onTokensChange } from '../../api/tokens';
import { getInspect } from '../../app/inspect';
import { loadCurrentUser } from './api';
import type { SessionActor } from './session';
import { createSessionLogic } from './session-logic';

/**
 * Starts the session machine, kept informed of what the HTTP client does to the tokens on its own and of
 * a refusal that says the user must now set up two-factor sign-in (the reloaded user sends them to
 * enrolment). Loaded on its own, with XState, the first time a page needs the session: a visitor's
 * public pages never do.
 */
export function startSession(queryClient: QueryClient): { actor: SessionActor; stop: () => void } {
  const actor = createActor(createSessionLogic(queryClient), {
    input: { access: getAccessToken() },
    inspect: getInspect(),
  });
  const stops = [
    onSecondFactorSetupRequired(
      () =>
        void loadCurrentUser()
          .then((user) => actor.send({ type: 'USER.UPDATED', user }))
          .catch(() => undefined),
    ),
    onSessionExpired(() => actor.send({ type: 'SESSION.EXPIRED' })),
    onTokensChange((tokens) => {
      if (tokens) actor.send({ type: 'TOKENS.UPDATED', tokens });
    }),
  ];
  actor.start();
  return {
    actor,
    stop: () => {
      stops.forEach((stop) => stop());
      actor.stop();
    },
  };
}
