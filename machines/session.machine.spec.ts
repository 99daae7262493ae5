import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { NO_SECOND_FACTOR } from './second-factor.js';
import {
  type SecondFactorInput,
  RETRY_REFRESH_MS,
  SIGN_IN_LOCK_MS,
  type SignInAnswer,
  sessionMachine,
  type SessionEmitted,
  type SessionInput,
  type SessionTokens,
  type SignInCredentials,
} from './session.machine.js';
import type { CurrentUserView } from './user.view.js';

const broker: CurrentUserView = {
  id: '7',
  user_id: '7',
  role: 'broker',
  first_name: 'Jane',
  last_name: 'Doe',
  phone_number: '14165550100',
  email: 'jane@example.ca',
  require_change_password: false,
  customer_id: null,
  lawyer: null,
  lawyer_status: 'empty',
  appraiser: null,
  appraiser_status: 'empty',
  second_factor: { ...NO_SECOND_FACTOR },
  broker_codes: [],
};

const tokens: SessionTokens = { access: 'access-1' };

interface Fakes {
  obtainTokens?: (credentials: SignInCredentials) => Promise<SignInAnswer>;
  verifySecondFactor?: (input: SecondFactorInput) => Promise<SessionTokens>;
  refreshTokens?: () => Promise<SessionTokens>;
  loadUser?: () => Promise<CurrentUserView>;
  changePassword?: (input: { password: string }) => Promise<CurrentUserView>;
}

function start(input: SessionInput, fakes: Fakes = {}) {
  const calls = {
    persisted: [] as SessionTokens[],
    cleared: 0,
    obtained: [] as SignInCredentials[],
    verified: [] as SecondFactorInput[],
    endedOnServer: 0,
  };
  const emitted: SessionEmitted[] = [];
  const clock = new SimulatedClock();
  const logic = sessionMachine.provide({
    actors: {
      obtainTokens: fromPromise<SignInAnswer, SignInCredentials>(({ input }) => {
        calls.obtained.push(input);
        return (fakes.obtainTokens ?? (() => Promise.resolve(tokens)))(input);
      }),
      verifySecondFactor: fromPromise<SessionTokens, SecondFactorInput>(({ input }) => {
        calls.verified.push(input);
        return (fakes.verifySecondFactor ?? (() => Promise.resolve(tokens)))(input);
      }),
      refreshTokens: fromPromise<SessionTokens, void>(() =>
        (fakes.refreshTokens ?? (() => Promise.reject(new Error('no session'))))(),
      ),
      loadUser: fromPromise<CurrentUserView, void>(() =>
        (fakes.loadUser ?? (() => Promise.resolve(broker)))(),
      ),
      changePassword: fromPromise<CurrentUserView, { password: string }>(({ input }) =>
        (fakes.changePassword ?? (() => Promise.resolve(broker)))(input),
      ),
    },
    actions: {
      persistTokens: (_, params) => {
        calls.persisted.push(params);
      },
      clearSession: () => {
        calls.cleared += 1;
      },
      endServerSession: () => {
        calls.endedOnServer += 1;
      },
    },
  });
  const actor = createActor(logic, { input, clock });
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, calls, emitted, clock };
}

/** A visitor with no session to pick up: the start-up refresh fails and the sign-in form is offered. */
async function startSignedOut(input: SessionInput, fakes: Fakes = {}) {
  const started = start(input, fakes);
  await waitFor(started.actor, (s) => s.matches('signedOut'));
  // What a test counts is what follows the sign-in.
  started.calls.cleared = 0;
  return started;
}

const credentials: SignInCredentials = { phone_number: '14165550100', password: 'Secret-123' };

describe('session machine', () => {
  it('starts signed out when there is no session to pick up, and accepts a sign in', async () => {
    const { actor, emitted } = start({});
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(emitted.filter((e) => e.type === 'signedOut')).toEqual([]);
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true);
    expect(snapshot.can({ type: 'SIGN_IN', credentials })).toBe(true);
    expect(snapshot.can({ type: 'LOGOUT' })).toBe(false);
  });

  it('signs in: obtains tokens, stores them, loads the user and greets', async () => {
    const { actor, calls, emitted } = await startSignedOut({});
    actor.send({ type: 'SIGN_IN', credentials });

    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SIGN_IN', credentials })).toBe(false);

    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
    expect(snapshot.context.user).toEqual(broker);
    expect(snapshot.context.access).toBe('access-1');
    expect(snapshot.can({ type: 'LOGOUT' })).toBe(true);
    expect(snapshot.can({ type: 'SIGN_IN', credentials })).toBe(false);
    expect(calls.obtained).toEqual([credentials]);
    expect(calls.persisted).toEqual([tokens]);
    expect(emitted).toContainEqual({ type: 'signedIn', user: broker, origin: 'signIn' });
  });

  it('a failed sign in reports the error and locks the button for 3000 ms', async () => {
    const failure = { status: 401, errors: [{ code: 'invalid_credentials' }] };
    const { actor, emitted, clock, calls } = await startSignedOut(
      {},
      { obtainTokens: () => Promise.reject(failure) },
    );
    actor.send({ type: 'SIGN_IN', credentials });

    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.matches({ signedOut: 'locked' })).toBe(true);
    expect(snapshot.context.error).toBe(failure);
    expect(snapshot.can({ type: 'SIGN_IN', credentials })).toBe(false);
    expect(emitted).toContainEqual({ type: 'signInFailed', error: failure });
    expect(calls.persisted).toEqual([]);

    clock.increment(SIGN_IN_LOCK_MS - 1);
    expect(actor.getSnapshot().matches({ signedOut: 'locked' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SIGN_IN', credentials })).toBe(true);
  });

  it('refuses a user whose role has no home', async () => {
    // An answer outside the contract, such as one from a server with roles this client does not know.
    const lawyer = { ...broker, role: 'lawyer' } as unknown as CurrentUserView;
    const { actor, emitted, calls } = await startSignedOut({}, { loadUser: () => Promise.resolve(lawyer) });
    actor.send({ type: 'SIGN_IN', credentials });

    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.access).toBeNull();
    expect(calls.cleared).toBe(1);
    expect(emitted).toContainEqual({ type: 'accessDenied', user: lawyer });
  });

  it('restores a session from an access token without greeting', async () => {
    const { actor, emitted } = start({ access: 'a' });
    expect(actor.getSnapshot().matches('loadingUser')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'signedIn', user: broker, origin: 'restore' });
  });

  it('starts by trying a refresh (the cookie may hold a session) and picks the session up', async () => {
    let refreshes = 0;
    const refreshTokens = () => {
      refreshes += 1;
      return Promise.resolve({ access: 'access-2' });
    };
    const { actor, calls } = start({}, { refreshTokens });

    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(refreshes).toBe(1);
    expect(calls.persisted).toEqual([{ access: 'access-2' }]);
    expect(snapshot.context.access).toBe('access-2');
    expect(snapshot.context.user).toEqual(broker);
  });

  it('keeps the session and tries again when the server cannot be reached on start, then picks it up', async () => {
    let refreshes = 0;
    const refreshTokens = () => {
      refreshes += 1;
      // A gateway's 502 first (a restart), then the session as it was.
      return refreshes === 1
        ? Promise.reject(Object.assign(new Error('Bad gateway'), { status: 502 }))
        : Promise.resolve({ access: 'access-3' });
    };
    const { actor, calls, clock } = start({}, { refreshTokens });
    await waitFor(actor, (s) => s.matches('unreachable'));
    expect(calls.cleared).toBe(0);
    clock.increment(RETRY_REFRESH_MS);
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(refreshes).toBe(2);
    expect(snapshot.context.access).toBe('access-3');
  });

  it('signs out when the refresh on start fails', async () => {
    const { actor, calls } = start({}, { refreshTokens: () => Promise.reject(new Error('401')) });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true);
    expect(snapshot.context.access).toBeNull();
    expect(calls.cleared).toBe(1);
    expect(snapshot.can({ type: 'SIGN_IN', credentials })).toBe(true);
  });

  it('signs out when the user cannot be loaded', async () => {
    const { actor, calls } = start({ access: 'a' }, { loadUser: () => Promise.reject(new Error('x')) });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(calls.cleared).toBe(1);
  });

  it('holds a user who must change the password until it is changed', async () => {
    const forced = { ...broker, require_change_password: true };
    const changePassword = jestFn(() => Promise.resolve({ ...broker, require_change_password: false }));
    const { actor, emitted } = await startSignedOut(
      {},
      { loadUser: () => Promise.resolve(forced), changePassword },
    );
    actor.send({ type: 'SIGN_IN', credentials });

    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.matches({ signedIn: 'passwordChangeRequired' })).toBe(true);
    expect(snapshot.can({ type: 'CHANGE_PASSWORD', password: 'New-Secret-123' })).toBe(true);
    expect(snapshot.can({ type: 'LOGOUT' })).toBe(true);

    actor.send({ type: 'CHANGE_PASSWORD', password: 'New-Secret-123' });
    expect(actor.getSnapshot().matches({ signedIn: 'changingPassword' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'CHANGE_PASSWORD', password: 'again' })).toBe(false);

    const changed = await waitFor(actor, (s) => s.matches({ signedIn: 'active' }));
    expect(changePassword.calls).toEqual([{ password: 'New-Secret-123' }]);
    expect(changed.context.user?.require_change_password).toBe(false);
    expect(emitted.map((e) => e.type)).toContain('passwordChanged');
  });

  it('changes the password of an active user from the popup', async () => {
    const { actor, emitted } = start({ access: 'a' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'active' }));

    actor.send({ type: 'CHANGE_PASSWORD', password: 'New-Secret-123' });
    const snapshot = await waitFor(actor, (s) => !s.matches({ signedIn: 'changingPassword' }));
    expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'passwordChanged', user: broker });
  });

  it('stays forced to change the password when the change fails', async () => {
    const forced = { ...broker, require_change_password: true };
    const failure = new Error('400');
    const { actor, emitted } = start(
      { access: 'a' },
      { loadUser: () => Promise.resolve(forced), changePassword: () => Promise.reject(failure) },
    );
    await waitFor(actor, (s) => s.matches({ signedIn: 'passwordChangeRequired' }));
    actor.send({ type: 'CHANGE_PASSWORD', password: 'New-Secret-123' });
    const snapshot = await waitFor(actor, (s) => !s.matches({ signedIn: 'changingPassword' }));
    expect(snapshot.matches({ signedIn: 'passwordChangeRequired' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'passwordChangeFailed', error: failure });
  });

  describe('with a second factor', () => {
    const challenge = { challenge: 'challenge-1' };
    const asked = { obtainTokens: () => Promise.resolve(challenge) };
    const apiError = (status: number, code: string, description: string) => ({
      status,
      errors: [{ code, description }],
    });

    it('asks for the code after a right password, then signs in with it', async () => {
      const { actor, calls, emitted } = await startSignedOut({}, asked);
      actor.send({ type: 'SIGN_IN', credentials });

      const asking = await waitFor(actor, (s) => s.matches('secondFactor'));
      expect(asking.matches({ secondFactor: 'idle' })).toBe(true);
      expect(asking.context.challenge).toBe('challenge-1');
      expect(asking.context.access).toBeNull();
      expect(calls.persisted).toEqual([]);
      expect(asking.can({ type: 'SIGN_IN', credentials })).toBe(false);
      expect(asking.can({ type: 'SUBMIT_CODE', code: '123456' })).toBe(true);

      actor.send({ type: 'SUBMIT_CODE', code: '123456' });
      expect(actor.getSnapshot().matches({ secondFactor: 'verifying' })).toBe(true);
      expect(actor.getSnapshot().can({ type: 'SUBMIT_CODE', code: '123456' })).toBe(false);

      const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
      expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
      expect(calls.verified).toEqual([{ challenge: 'challenge-1', code: '123456' }]);
      expect(calls.persisted).toEqual([tokens]);
      expect(snapshot.context.challenge).toBeNull();
      expect(emitted).toContainEqual({ type: 'signedIn', user: broker, origin: 'signIn' });
    });

    it('keeps asking after a wrong code, and says why', async () => {
      const wrong = apiError(401, 'invalid_code', 'That code is not right. Please try again.');
      let answers = 0;
      const { actor, calls, emitted } = await startSignedOut(
        {},
        {
          ...asked,
          verifySecondFactor: () => (answers++ === 0 ? Promise.reject(wrong) : Promise.resolve(tokens)),
        },
      );
      actor.send({ type: 'SIGN_IN', credentials });
      await waitFor(actor, (s) => s.matches('secondFactor'));

      actor.send({ type: 'SUBMIT_CODE', code: '000000' });
      const refused = await waitFor(actor, (s) => s.matches({ secondFactor: 'idle' }));
      expect(refused.context.error).toBe(wrong);
      expect(refused.context.challenge).toBe('challenge-1');
      expect(emitted).toContainEqual({ type: 'codeRejected', error: wrong });
      expect(emitted.map((e) => e.type)).not.toContain('signInFailed');

      actor.send({ type: 'SUBMIT_CODE', code: 'ABCD-EFGH' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'active' }));
      expect(calls.verified.map((v) => v.code)).toEqual(['000000', 'ABCD-EFGH']);
    });

    it('sends the user back to the password when the challenge has expired', async () => {
      const expired = apiError(401, 'challenge_expired', 'Please sign in again.');
      const { actor, calls, emitted } = await startSignedOut(
        {},
        { ...asked, verifySecondFactor: () => Promise.reject(expired) },
      );
      actor.send({ type: 'SIGN_IN', credentials });
      await waitFor(actor, (s) => s.matches('secondFactor'));

      actor.send({ type: 'SUBMIT_CODE', code: '123456' });
      const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
      expect(snapshot.matches({ signedOut: 'idle' })).toBe(true);
      expect(snapshot.context.challenge).toBeNull();
      expect(snapshot.context.error).toBe(expired);
      expect(emitted).toContainEqual({ type: 'signInFailed', error: expired });
      expect(calls.persisted).toEqual([]);
      expect(snapshot.can({ type: 'SIGN_IN', credentials })).toBe(true);
    });

    it('goes back to the password form on cancel', async () => {
      const { actor, calls } = await startSignedOut({}, asked);
      actor.send({ type: 'SIGN_IN', credentials });
      await waitFor(actor, (s) => s.matches('secondFactor'));

      actor.send({ type: 'CANCEL' });
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ signedOut: 'idle' })).toBe(true);
      expect(snapshot.context.challenge).toBeNull();
      expect(calls.verified).toEqual([]);
      expect(snapshot.can({ type: 'SUBMIT_CODE', code: '123456' })).toBe(false);
    });

    it('holds staff without one, when the brokerage requires it, until a reloaded user has it', async () => {
      const required = { enabled: false, required: true, recovery_codes_left: 0 };
      const bare = { ...broker, second_factor: required };
      const { actor } = start({ access: 'a' }, { loadUser: () => Promise.resolve(bare) });

      const held = await waitFor(actor, (s) => s.matches('signedIn'));
      expect(held.matches({ signedIn: 'secondFactorRequired' })).toBe(true);
      expect(held.can({ type: 'LOGOUT' })).toBe(true);

      const enrolled = { ...broker, second_factor: { ...required, enabled: true, recovery_codes_left: 10 } };
      actor.send({ type: 'USER.UPDATED', user: enrolled });
      expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(enrolled);
    });

    it('asks for the password change before the enrolment', async () => {
      const both = {
        ...broker,
        require_change_password: true,
        second_factor: { enabled: false, required: true, recovery_codes_left: 0 },
      };
      const { actor } = start(
        { access: 'a' },
        {
          loadUser: () => Promise.resolve(both),
          changePassword: () => Promise.resolve({ ...both, require_change_password: false }),
        },
      );
      await waitFor(actor, (s) => s.matches({ signedIn: 'passwordChangeRequired' }));
      actor.send({ type: 'CHANGE_PASSWORD', password: 'New-Secret-123' });
      const snapshot = await waitFor(actor, (s) => !s.matches({ signedIn: 'changingPassword' }));
      expect(snapshot.matches({ signedIn: 'secondFactorRequired' })).toBe(true);
    });
  });

  it('logs out: ends the session on the server, forgets the tokens and the user and clears stored data', async () => {
    const { actor, calls, emitted } = start({ access: 'a' });
    await waitFor(actor, (s) => s.matches('signedIn'));

    actor.send({ type: 'LOGOUT' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true);
    expect(snapshot.context).toMatchObject({ access: null, user: null });
    expect(calls.endedOnServer).toBe(1);
    expect(calls.cleared).toBe(1);
    expect(emitted).toContainEqual({ type: 'signedOut', reason: 'logout' });
    expect(snapshot.can({ type: 'LOGOUT' })).toBe(false);
    expect(snapshot.can({ type: 'SIGN_IN', credentials })).toBe(true);
  });

  it('keeps tokens refreshed by the HTTP client and signs out when they expire', async () => {
    const { actor, emitted } = start({ access: 'a' });
    await waitFor(actor, (s) => s.matches('signedIn'));

    actor.send({ type: 'TOKENS.UPDATED', tokens: { access: 'a2' } });
    expect(actor.getSnapshot().context).toMatchObject({ access: 'a2' });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);

    actor.send({ type: 'SESSION.EXPIRED' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(emitted).toContainEqual({ type: 'signedOut', reason: 'expired' });
  });
});

/** A recording async function (jest.fn needs an import under ESM; this keeps the spec on globals). */
function jestFn<A, R>(impl: (arg: A) => Promise<R>) {
  const calls: A[] = [];
  const fn = (arg: A) => {
    calls.push(arg);
    return impl(arg);
  };
  return Object.assign(fn, { calls });
}
