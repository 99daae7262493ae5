import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isUUID } from 'class-validator';
import { createHash, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from '../http/app-error.js';
import { VerifiedTokens } from './verified-tokens.js';

/** An access token belongs to one session (refresh-token family), so ending the session ends the token. */
export interface AccessClaims {
  user_id: string;
  sid: string;
  role: string;
  typ: 'access';
}

export interface RefreshClaims {
  sub: string;
  fam: string;
  jti: string;
  typ: 'refresh';
}

/**
 * A password that was right, waiting for the second factor's code (5 minutes). `pwd` stamps the password
 * it was checked against, so a password changed meanwhile voids it; `nonce` names the texted password
 * that was used, when it was one.
 */
export interface ChallengeClaims {
  sub: string;
  pwd: string;
  nonce: string | null;
  typ: 'second_factor';
}

const CHALLENGE_TTL_S = 5 * 60;
/** Access tokens kept verified at once: every session of a brokerage signed in now, several times over. */
const VERIFIED_ACCESS_TOKENS = 10_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Signs and checks tokens. An expired token answers 401 (the client refreshes); a token that is
 * malformed, tampered with or of the wrong kind answers 403 `token_not_valid`.
 */
@Injectable()
export class TokenService {
  private readonly verifiedAccess = new VerifiedTokens<AccessClaims>(VERIFIED_ACCESS_TOKENS);

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  signAccess(userId: string, sessionId: string, role: string): string {
    const claims: AccessClaims = { user_id: userId, sid: sessionId, role, typ: 'access' };
    return this.jwt.sign(claims, { expiresIn: this.config.accessTokenTtlSeconds });
  }

  signRefresh(userId: string, familyId: string): { token: string; hash: string } {
    const claims: RefreshClaims = { sub: userId, fam: familyId, jti: randomUUID(), typ: 'refresh' };
    const token = this.jwt.sign(claims, {
      expiresIn: this.config.refreshTokenTtlSeconds,
    });
    return { token, hash: hashToken(token) };
  }

  signChallenge(userId: string, passwordStamp: string, nonce: string | null): string {
    const claims: ChallengeClaims = { sub: userId, pwd: passwordStamp, nonce, typ: 'second_factor' };
    return this.jwt.sign(claims, { expiresIn: CHALLENGE_TTL_S });
  }

  /** An expired or unusable challenge answers 401 `challenge_expired`: the password is asked again. */
  verifyChallenge(token: string): ChallengeClaims {
    let claims: ChallengeClaims;
    try {
      claims = this.jwt.verify<ChallengeClaims>(token);
    } catch {
      throw challengeExpired();
    }
    if (claims.typ !== 'second_factor' || !isUUID(claims.sub)) throw challengeExpired();
    return claims;
  }

  verifyAccess(token: string): AccessClaims {
    const known = this.verifiedAccess.get(token);
    if (known) return known;
    const claims = this.verify<AccessClaims & { exp?: number }>(token);
    if (claims.typ !== 'access') throw this.notValid('This is not an access token.');
    // Ids reach SQL as uuid parameters: anything else is refused here rather than failing in the query.
    if (!isUUID(claims.user_id) || !isUUID(claims.sid))
      throw this.notValid('The token does not name a user and a session.');
    this.verifiedAccess.keep(token, Object.freeze(claims), claims.exp);
    return claims;
  }

  verifyRefresh(token: string): RefreshClaims {
    const claims = this.verify<RefreshClaims>(token);
    if (claims.typ !== 'refresh' || !isUUID(claims.sub) || !isUUID(claims.fam))
      throw this.notValid('This is not a refresh token.');
    return claims;
  }

  private verify<T extends object>(token: string): T {
    try {
      return this.jwt.verify<T>(token);
    } catch (error) {
      if ((error as Error).name === 'TokenExpiredError') {
        throw AppError.unauthorized('token_expired', 'Your session has expired. Please sign in again.');
      }
      throw this.notValid('The token is malformed or its signature does not match.');
    }
  }

  private notValid(reason: string): AppError {
    return new AppError(403, 'token_not_valid', `Token is invalid or expired: ${reason}`);
  }
}

export function challengeExpired(): AppError {
  return AppError.unauthorized(
    'challenge_expired',
    'This sign-in has expired. Please enter your password again.',
  );
}
