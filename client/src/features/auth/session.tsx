import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { mustEnrolSecondFactor } from '@machines/second-factor';
import type { SessionEvent, sessionMachine } from '@machines/session.machine';
import type { CurrentUserView } from '@machines/user.view';
import { maySessionExist, onTokensChange } from '../../api/tokens';
import { loadCurrentUser } from './api';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

interface SessionHandle {
  /** The session machine, once its code has loaded and it has started. */
  actor: SessionActor | null;
  /** Asks for the session machine: loads and starts it if it is not yet. */
  need: () => void;
  /** Sends an event to the session machine, after it has started if it has not yet. */
  send: (event: SessionEvent) => void;
}

const SessionHandleContext = createContext<SessionHandle | null>(null);

/** The session machine's code, fetched as this module loads when this browser may hold a session. */
const sessionActorModule = () => import('./session-actor');
if (maySessionExist()) void sessionActorModule();

function useSessionHandle(): SessionHandle {
  const handle = useContext(SessionHandleContext);
  if (!handle) throw new Error('The session is used outside SessionProvider');
  return handle;
}

/**
 * The session machine, loaded and started the first time a page needs it: at once when this browser may
 * hold a session, otherwise when a page asks (sign-in, as the user types) or sends it an event, or when the
 * HTTP client receives tokens. A visitor who never signs in is signed out without it, and their public
 * pages do not carry XState.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(maySessionExist);
  const [actor, setActor] = useState<SessionActor | null>(null);
  // Events sent before the machine is ready, and the machine as soon as it is (before React renders with
  // it): an event sent in between goes to it rather than to a queue already emptied.
  const waiting = useRef<SessionEvent[]>([]);
  const started = useRef<SessionActor | null>(null);

  useEffect(() => onTokensChange((tokens) => tokens && setWanted(true)), []);
  useEffect(() => {
    if (!wanted) return;
    let running: { actor: SessionActor; stop: () => void } | null = null;
    let cancelled = false;
    void sessionActorModule().then(({ startSession }) => {
      if (cancelled) return;
      running = startSession(queryClient);
      const { actor: session } = running;
      // Waiting events go to the machine once it knows whether a session exists (a sign-in sent while it
      // is still finding out would not be heard); events sent later go to it directly.
      const ready = () => {
        const snapshot = session.getSnapshot();
        if (snapshot.matches('starting') || snapshot.matches('refreshing')) return false;
        started.current = session;
        for (const event of waiting.current.splice(0)) session.send(event);
        return true;
      };
      if (!ready()) {
        const subscription = session.subscribe(() => {
          if (ready()) subscription.unsubscribe();
        });
      }
      setActor(session);
    });
    return () => {
      cancelled = true;
      running?.stop();
      started.current = null;
      setActor(null);
    };
  }, [wanted, queryClient]);

  const need = useCallback(() => setWanted(true), []);
  const send = useCallback((event: SessionEvent) => {
    if (started.current) return started.current.send(event);
    waiting.current.push(event);
    setWanted(true);
  }, []);
  const handle = useMemo(() => ({ actor, need, send }), [actor, need, send]);
  return <SessionHandleContext.Provider value={handle}>{children}</SessionHandleContext.Provider>;
}

const noChange = (): (() => void) => () => undefined;

/**
 * What `select` reads from the session machine's state; `absent` before the machine has started (signed
 * out, or still restoring when a session may exist). The same as @xstate/react's `useSelector`, on the
 * store hook that one is built on: importing @xstate/react here would put XState back in every page.
 */
export function useSessionState<T>(select: (snapshot: SessionSnapshot) => T, absent: T): T {
  const { actor } = useSessionHandle();
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!actor) return noChange();
      const subscription = actor.subscribe({ next: changed, error: changed });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const snapshot = useCallback(() => actor?.getSnapshot(), [actor]);
  return useSyncExternalStoreWithSelector(subscribe, snapshot, snapshot, (state) =>
    state ? select(state) : absent,
  );
}

/** The running session machine, or null before it has started. */
export function useSessionActor(): SessionActor | null {
  return useSessionHandle().actor;
}

/**
 * Asks for the session machine ahead of the event a page is about to send: the sign-in form asks as the
 * user starts typing, so its first load does not carry the machine and it is ready by the time they submit.
 */
export function useSessionNeed(): () => void {
  return useSessionHandle().need;
}

/** Sends events to the session machine; one sent before it has started waits for it. */
export function useSessionSend(): (event: SessionEvent) => void {
  return useSessionHandle().send;
}

/**
 * restoring: an existing session is being picked up (refresh, loading the user);
 * signingIn: the login form's request and the user load after it;
 * signedIn / signedOut.
 */
export type SessionStatus = 'restoring' | 'signingIn' | 'signedIn' | 'signedOut';

export function useSessionStatus(): SessionStatus {
  return useSessionState<SessionStatus>(
    (snapshot) => {
      if (snapshot.matches('signedIn')) return 'signedIn';
      if (snapshot.matches('signedOut')) return 'signedOut';
      if (snapshot.matches('signingIn')) return 'signingIn';
      return snapshot.context.origin === 'signIn' ? 'signingIn' : 'restoring';
    },
    maySessionExist() ? 'restoring' : 'signedOut',
  );
}

/** The session could not be picked up for want of the server; it is tried again every few seconds. */
export function useSessionUnreachable(): boolean {
  return useSessionState((snapshot) => snapshot.matches('unreachable'), false);
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUserView | null {
  return useSessionState((snapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : null), null);
}

export function useMustChangePassword(): boolean {
  return useSessionState(
    (snapshot) =>
      snapshot.matches({ signedIn: 'passwordChangeRequired' }) ||
      (snapshot.matches({ signedIn: 'changingPassword' }) &&
        !!snapshot.context.user?.require_change_password),
    false,
  );
}

/** Staff without a second factor while the brokerage requires one: only enrolment is open to them. */
export function useMustEnrolSecondFactor(): boolean {
  return useSessionState(
    (snapshot) =>
      snapshot.matches('signedIn') &&
      !snapshot.context.user?.require_change_password &&
      mustEnrolSecondFactor(snapshot.context.user?.second_factor),
    false,
  );
}

/** Reads the signed-in user again (after a change of their own account) and hands them to the session. */
export function useReloadCurrentUser(): () => Promise<CurrentUserView> {
  const send = useSessionSend();
  return useCallback(async () => {
    const user = await loadCurrentUser();
    send({ type: 'USER.UPDATED', user });
    return user;
  }, [send]);
}

export function fullName(user: Pick<CurrentUserView, 'first_name' | 'last_name'> | null | undefined): string {
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ');
}
