import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isUUID } from 'class-validator';
import { createHash, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from '../http/app-error.js';

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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Signs and checks tokens. An expired token answers 401 (the client refreshes); a token that is
 * malformed, tampered with or of the wrong kind answers 403 `token_not_valid`.
 */
@Injectable()
export class TokenService {
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

  verifyAccess(token: string): AccessClaims {
    const claims = this.verify<AccessClaims>(token);
    if (claims.typ !== 'access') throw this.notValid('This is not an access token.');
    // Ids reach SQL as uuid parameters: anything else is refused here rather than failing in the query.
    if (!isUUID(claims.user_id) || !isUUID(claims.sid))
      throw this.notValid('The token does not name a user and a session.');
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
