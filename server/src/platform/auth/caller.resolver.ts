import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isRole } from '../../../../machines/roles.js';
import { AppError } from '../http/app-error.js';
import type { Caller } from './auth.decorators.js';
import { TokenService } from './token.service.js';

interface CallerRow {
  id: string;
  role: string;
  customer_id: string | null;
  first_name: string;
  last_name: string;
  require_change_password: boolean;
  is_active: boolean;
  session_live: boolean;
}

/** The client treats this 401 as "signed out": renewing fails too, so it shows the sign-in page. */
export function sessionEnded(): AppError {
  return AppError.unauthorized('session_ended', 'This session has ended. Please sign in again.');
}

/**
 * Turns an access token into the signed-in user, read fresh so a disabled account or an ended session
 * stops at once. One query on two primary keys per request.
 */
@Injectable()
export class CallerResolver {
  constructor(
    private readonly tokens: TokenService,
    private readonly dataSource: DataSource,
  ) {}

  async fromAccessToken(token: string): Promise<Caller> {
    const claims = this.tokens.verifyAccess(token);
    const rows: CallerRow[] = await this.dataSource.query(
      `SELECT u.id, u.role, u.customer_id, u.first_name, u.last_name, u.require_change_password, u.is_active,
              (s.id IS NOT NULL AND NOT s.revoked AND s.user_id = u.id) AS session_live
         FROM users u LEFT JOIN refresh_sessions s ON s.id = $2
        WHERE u.id = $1`,
      [claims.user_id, claims.sid],
    );
    const row = rows[0];
    if (!row || !row.is_active || !isRole(row.role)) {
      throw AppError.unauthorized('user_inactive', 'This account is no longer active.');
    }
    if (!row.session_live) throw sessionEnded();
    return {
      id: row.id,
      sessionId: claims.sid,
      role: row.role,
      customerId: row.customer_id,
      firstName: row.first_name,
      lastName: row.last_name,
      requireChangePassword: row.require_change_password,
    };
  }
}
