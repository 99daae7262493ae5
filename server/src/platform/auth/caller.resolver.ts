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
}

/** Turns an access token into the signed-in user, read fresh so a disabled account stops at once. */
@Injectable()
export class CallerResolver {
  constructor(
    private readonly tokens: TokenService,
    private readonly dataSource: DataSource,
  ) {}

  async fromAccessToken(token: string): Promise<Caller> {
    const claims = this.tokens.verifyAccess(token);
    const rows: CallerRow[] = await this.dataSource.query(
      'SELECT id, role, customer_id, first_name, last_name, require_change_password, is_active FROM users WHERE id = $1',
      [claims.user_id],
    );
    const row = rows[0];
    if (!row || !row.is_active || !isRole(row.role)) {
      throw AppError.unauthorized('user_inactive', 'This account is no longer active.');
    }
    return {
      id: row.id,
      role: row.role,
      customerId: row.customer_id,
      firstName: row.first_name,
      lastName: row.last_name,
      requireChangePassword: row.require_change_password,
    };
  }
}
