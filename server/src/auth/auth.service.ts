import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { AppendRequest, EventMetadata } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { hashToken, TokenService } from '../platform/auth/token.service.js';
import { userDecider } from '../users/user.decider.js';
import { USER_STREAM } from '../users/user.events.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { PasswordService } from './password.service.js';
import { RefreshTokenReused, sessionDecider } from './session.decider.js';
import { SESSION_STREAM } from './session.events.js';
import { SessionsRepository } from './sessions.repository.js';

export interface TokenPair {
  access: string;
  refresh: string;
}

const INVALID_CREDENTIALS = 'No active account found with the given credentials';
// Verifying against a real hash when the phone is unknown keeps both answers equally slow.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ';

@Injectable()
export class AuthService {
  constructor(
    private readonly events: EventStore,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
  ) {}

  async obtain(phoneNumber: string, password: string, metadata: EventMetadata): Promise<TokenPair> {
    const user = await this.users.findActiveByPhone(phoneNumber);
    const valid = await this.passwords.verify(user?.password_hash ?? DUMMY_HASH, password);
    if (!user || !valid) throw AppError.unauthorized('invalid_credentials', INVALID_CREDENTIALS);

    const sessionId = randomUUID();
    const refresh = this.tokens.signRefresh(user.id, sessionId);
    const actor = { ...metadata, actorId: user.id, actorRole: user.role };
    await this.events.append(
      [
        {
          streamType: SESSION_STREAM,
          streamId: sessionId,
          expectedVersion: 'no_stream',
          events: sessionDecider.decide(
            { type: 'StartSession', userId: user.id, tokenHash: refresh.hash },
            sessionDecider.initialState(),
          ),
        },
        {
          streamType: USER_STREAM,
          streamId: user.id,
          expectedVersion: 'any',
          events: [{ type: user.last_login_at ? 'auth.logged_in' : 'auth.first_login', data: { sessionId } }],
        },
      ],
      actor,
    );
    return { access: this.tokens.signAccess(user.id, user.role), refresh: refresh.token };
  }

  async refresh(token: string, metadata: EventMetadata): Promise<TokenPair> {
    const claims = this.tokens.verifyRefresh(token);
    const user = await this.users.findById(claims.sub);
    if (!user || !user.is_active)
      throw AppError.unauthorized('user_inactive', 'This account is no longer active.');
    const next = this.tokens.signRefresh(user.id, claims.fam);
    let outcome;
    try {
      outcome = await this.events.handle(
        sessionDecider,
        { type: SESSION_STREAM, id: claims.fam },
        { type: 'Rotate', presentedHash: hashToken(token), nextHash: next.hash },
        { ...metadata, actorId: user.id, actorRole: user.role },
      );
    } catch (error) {
      // Two refreshes raced with one token: only the first may rotate it.
      if (error instanceof ConcurrencyError) throw new RefreshTokenReused();
      throw error;
    }
    if (outcome.events.some((e) => e.type === 'session.revoked')) throw new RefreshTokenReused();
    return { access: this.tokens.signAccess(user.id, user.role), refresh: next.token };
  }

  /** Sets a new random password, asks for a change at next sign-in, and signs out every session. */
  async resetPassword(
    user: UserRow,
    reason: 'reset_password' | 'resend_password',
    metadata: EventMetadata,
  ): Promise<void> {
    const { delivery, passwordHash } = await this.passwords.issueOneTimePassword();
    const { state, version } = await this.events.aggregate(userDecider, USER_STREAM, user.id);
    const userEvents = userDecider.decide(
      { type: 'ResetPassword', passwordHash, passwordDelivery: delivery, reason },
      state,
    );
    const revocations: AppendRequest[] = (await this.sessions.activeFamilies(user.id)).map((family) => ({
      streamType: SESSION_STREAM,
      streamId: family.id,
      expectedVersion: family.version,
      events: [{ type: 'session.revoked', data: { reason: 'password_reset' } }],
    }));
    await this.events.append(
      [
        { streamType: USER_STREAM, streamId: user.id, expectedVersion: version, events: userEvents },
        ...revocations,
      ],
      metadata,
    );
  }

  async resetPasswordByPhone(phoneNumber: string, metadata: EventMetadata): Promise<void> {
    const user = await this.users.findActiveByPhone(phoneNumber);
    // The answer is the same whether or not the number is known, so it cannot be used to find accounts.
    if (!user) return;
    await this.resetPassword(user, 'reset_password', { ...metadata, actorId: user.id, actorRole: user.role });
  }

  async changePassword(userId: string, password: string, metadata: EventMetadata): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    await this.events.handle(
      userDecider,
      { type: USER_STREAM, id: userId },
      { type: 'ChangePassword', passwordHash },
      metadata,
    );
  }
}
