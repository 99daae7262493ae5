import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { passwordProblem } from '../../../machines/password.rules.js';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { EventStore, type StreamCommand, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { challengeExpired, hashToken, TokenService } from '../platform/auth/token.service.js';
import { type SecondFactorProof, type UserCommand, userDecider } from '../users/user.decider.js';
import { USER_STREAM, type PasswordResetReason } from '../users/user.events.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { answerNoSoonerThan } from './answer-floor.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import { Clock } from '../platform/clock.js';
import { PasswordService } from './password.service.js';
import { hasSecondFactor } from '../users/second-factor-status.js';
import { passwordStamp, SecondFactorService } from './second-factor.service.js';
import { RefreshRaced, RefreshTokenReused, sessionDecider, type SessionCommand } from './session.decider.js';
import { SESSION_STREAM } from './session.events.js';
import { SessionsRepository } from './sessions.repository.js';

/** A new or renewed session: the access token goes in the answer, the refresh token only in a cookie. */
export interface IssuedTokens {
  access: string;
  refresh: string;
}

/** A right password signs in, or, for staff with a second factor, answers a challenge for the code. */
export type SignInOutcome = { tokens: IssuedTokens } | { challenge: string };

type EndReason = Extract<SessionCommand, { type: 'Revoke' }>['reason'];
type SignInCommand = Extract<UserCommand, { type: 'RecordSignIn' | 'SignInWithResetPassword' }>;

const INVALID_CREDENTIALS = 'No active account found with the given credentials';
// Verifying against a real hash when the phone is unknown keeps both answers equally slow.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ';
/** A reset answers no sooner than this, known number or not; above the slowest normal known-number path. */
export const RESET_ANSWER_FLOOR_MS = 400;

/** How many times a sign-in is decided again when other sign-ins of the same user commit first. */
const SIGN_IN_ATTEMPTS = 30;
@Injectable()
export class AuthService {
  constructor(
    private readonly events: EventStore,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly secondFactor: SecondFactorService,
    private readonly clock: Clock,
  ) {}

  /**
   * A sign-in is appended at the version of the user's stream its password was checked on, so a password
   * changed or used in between is checked again rather than let through; signing in on several devices
   * at once is checked again the same way, and every device is signed in.
   */
  async obtain(phoneNumber: string, password: string, metadata: EventMetadata): Promise<SignInOutcome> {
    // A sign-in decided again after another device's sign-in finds the same password hash: its check is
    // not made again, so devices signing in at once are not held up by one hashing each per attempt.
    const checked = new Map<string, Promise<boolean>>();
    const verify = (hash: string): Promise<boolean> => {
      if (!checked.has(hash)) checked.set(hash, this.passwords.verify(hash, password));
      return checked.get(hash)!;
    };
    // Each of n devices signing in at once may lose to every other before its turn: more tries than the
    // default, each a read and an append once the password is checked.
    return decideAgainOnConflict(
      () => this.signIn(phoneNumber, password, verify, metadata),
      SIGN_IN_ATTEMPTS,
    );
  }

  private async signIn(
    phoneNumber: string,
    password: string,
    verify: (hash: string) => Promise<boolean>,
    metadata: EventMetadata,
  ): Promise<SignInOutcome> {
    const user = await this.users.findActiveByPhone(phoneNumber);
    const valid = await verify(user?.password_hash ?? DUMMY_HASH);
    const resetNonce = user && !valid ? await this.matchingPendingReset(user, password) : null;
    if (!user || (!valid && !resetNonce))
      throw DomainError.unauthorized('invalid_credentials', INVALID_CREDENTIALS);
    if (hasSecondFactor(user))
      return { challenge: this.tokens.signChallenge(user.id, passwordStamp(user.password_hash), resetNonce) };
    return { tokens: await this.signInChecked(user, resetNonce, undefined, metadata) };
  }

  /**
   * The second step of a sign-in: the challenge of a right password and a code from the app (or a
   * recovery code). A password changed since voids the challenge; a code is good once.
   */
  async completeSignIn(challenge: string, code: string, metadata: EventMetadata): Promise<IssuedTokens> {
    const claims = this.tokens.verifyChallenge(challenge);
    return decideAgainOnConflict(async () => {
      const user = await this.users.findById(claims.sub);
      if (!user || !user.is_active || passwordStamp(user.password_hash) !== claims.pwd)
        throw challengeExpired();
      // A principal broker may have reset the factor meanwhile: the password alone then signs in.
      const proof = hasSecondFactor(user) ? await this.secondFactor.proof(user, code) : undefined;
      return this.signInChecked(user, claims.nonce, proof, metadata);
    });
  }

  /** The session of a user whose password (the texted one when `resetNonce`) and code were checked. */
  private signInChecked(
    user: UserRow,
    resetNonce: string | null,
    secondFactor: SecondFactorProof | undefined,
    metadata: EventMetadata,
  ): Promise<IssuedTokens> {
    if (!resetNonce)
      return this.startSession(user, metadata, (sessionId) => ({
        type: 'RecordSignIn',
        sessionId,
        secondFactor,
      }));
    // The texted password becomes the password; every other session ends and a new password is asked for.
    return this.startSession(
      user,
      metadata,
      (sessionId) => ({
        type: 'SignInWithResetPassword',
        sessionId,
        nonce: resetNonce,
        at: this.clock.now().toISOString(),
        secondFactor,
      }),
      'password_reset',
    );
  }

  /** The nonce of the user's unexpired texted password when that is the password presented. */
  private async matchingPendingReset(user: UserRow, password: string): Promise<string | null> {
    const { pending_password_hash: hash, pending_password_nonce: nonce } = user;
    const expiresAt = user.pending_password_expires_at;
    if (!hash || !nonce || !expiresAt || expiresAt <= this.clock.now()) return null;
    return (await this.passwords.verify(hash, password)) ? nonce : null;
  }

  /** A new session and the sign-in on the user's stream, at the version of `user` (see `obtain`). */
  private async startSession(
    user: UserRow,
    metadata: EventMetadata,
    signIn: (sessionId: string) => SignInCommand,
    endOthers?: EndReason,
  ): Promise<IssuedTokens> {
    const sessionId = randomUUID();
    const refresh = this.tokens.signRefresh(user.id, sessionId);
    const ending = endOthers ? await this.sessionsToEnd(user.id, endOthers, sessionId, user.version) : null;
    await this.events.handleAll(
      [
        streamCommand(
          sessionDecider,
          { type: SESSION_STREAM, id: sessionId },
          { type: 'StartSession', userId: user.id, tokenHash: refresh.hash },
        ),
        streamCommand(userDecider, { type: USER_STREAM, id: user.id }, signIn(sessionId), user.version),
        ...(ending?.revocations ?? []),
      ],
      { ...metadata, actorId: user.id, actorRole: user.role },
    );
    return { access: this.tokens.signAccess(user.id, sessionId, user.role), refresh: refresh.token };
  }

  async refresh(token: string | null, metadata: EventMetadata): Promise<IssuedTokens> {
    if (!token) throw DomainError.unauthorized('not_authenticated', 'There is no session to renew.');
    const claims = this.tokens.verifyRefresh(token);
    const user = await this.users.findById(claims.sub);
    if (!user || !user.is_active)
      throw DomainError.unauthorized('user_inactive', 'This account is no longer active.');
    const next = this.tokens.signRefresh(user.id, claims.fam);
    let outcome;
    try {
      outcome = await this.events.handle(
        sessionDecider,
        { type: SESSION_STREAM, id: claims.fam },
        {
          type: 'Rotate',
          presentedHash: hashToken(token),
          nextHash: next.hash,
          at: this.clock.now().toISOString(),
        },
        { ...metadata, actorId: user.id, actorRole: user.role },
      );
    } catch (error) {
      // Two refreshes raced with one token: only the first may rotate it.
      if (error instanceof ConcurrencyError) throw new RefreshRaced();
      throw error;
    }
    if (outcome.events.some((e) => e.type === 'session.revoked')) throw new RefreshTokenReused();
    return { access: this.tokens.signAccess(user.id, claims.fam, user.role), refresh: next.token };
  }

  /**
   * Revocations of every live session of a user (but `keep`), for a command to list with its own streams,
   * and the version of the user's stream read just before the sessions were listed. Every sign-in appends
   * to the user's stream, so a command that holds that stream at `userVersion` cannot leave running a
   * session started after the list was read: it is refused and decided again instead. A caller that has
   * already read the user (`seenVersion`) passes the version it read.
   */
  async sessionsToEnd(
    userId: string,
    reason: EndReason,
    keep?: string,
    seenVersion?: number,
  ): Promise<{ userVersion: number; revocations: StreamCommand[] }> {
    const userVersion = seenVersion ?? (await this.users.findById(userId))?.version ?? 0;
    const live = await this.sessions.liveSessionIds(userId);
    const revocations = live
      .filter((id) => id !== keep)
      .map((id) => streamCommand(sessionDecider, { type: SESSION_STREAM, id }, { type: 'Revoke', reason }));
    return { userVersion, revocations };
  }

  /** Sign-out: each named session ends (a session that already ended stays as it was). */
  async signOut(sessionIds: string[], metadata: EventMetadata): Promise<void> {
    for (const id of new Set(sessionIds)) {
      // A refresh may rotate the session between reading and appending: decide again on the new version.
      await decideAgainOnConflict(
        () =>
          this.events.handle(
            sessionDecider,
            { type: SESSION_STREAM, id },
            { type: 'Revoke', reason: 'signed_out' },
            metadata,
          ),
        2,
      );
    }
  }

  /**
   * Texts a new password that is pending: the current password and sessions keep working until it is
   * used, so a request by a stranger locks nobody out. A later request replaces it.
   */
  async resetPassword(user: UserRow, reason: PasswordResetReason, metadata: EventMetadata): Promise<void> {
    const { delivery, passwordHash } = await this.passwords.issueOneTimePassword();
    await this.events.handle(
      userDecider,
      { type: USER_STREAM, id: user.id },
      {
        type: 'RequestPasswordReset',
        passwordHash,
        passwordDelivery: delivery,
        reason,
        at: this.clock.now().toISOString(),
      },
      metadata,
    );
  }

  async resetPasswordByPhone(phoneNumber: string, metadata: EventMetadata): Promise<void> {
    // The answer is the same, and as slow, whether or not the number is known, so it cannot find accounts.
    await answerNoSoonerThan(RESET_ANSWER_FLOOR_MS, async () => {
      const user = await this.users.findActiveByPhone(phoneNumber);
      if (!user) {
        await this.passwords.issueOneTimePassword();
        return;
      }
      await this.resetPassword(user, 'reset_password', {
        ...metadata,
        actorId: user.id,
        actorRole: user.role,
      });
    });
  }

  /** A password the user chose; every other session of theirs ends, the one they are using stays. */
  async changePassword(
    caller: { id: string; sessionId: string },
    password: string,
    metadata: EventMetadata,
  ): Promise<void> {
    const user = await this.users.findById(caller.id);
    const problem = passwordProblem(password, user?.phone_number);
    if (problem) throw DomainError.invalid('invalid', problem, 'password');
    const passwordHash = await this.passwords.hash(password);
    await decideAgainOnConflict(async () => {
      const { userVersion, revocations } = await this.sessionsToEnd(
        caller.id,
        'password_changed',
        caller.sessionId,
      );
      return this.events.handleAll(
        [
          streamCommand(
            userDecider,
            { type: USER_STREAM, id: caller.id },
            { type: 'ChangePassword', passwordHash },
            userVersion,
          ),
          ...revocations,
        ],
        metadata,
      );
    });
  }
}
