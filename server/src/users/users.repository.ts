import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '../../../machines/roles.js';
import { NO_ASSIGNMENTS, type UserAssignments } from '../../../machines/user.view.js';

export interface UserRow {
  id: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password_hash: string;
  require_change_password: boolean;
  customer_id: string | null;
  is_active: boolean;
  last_login_at: Date | null;
  /** A texted password that is not in force until used (see user.password_reset_requested). */
  pending_password_hash: string | null;
  pending_password_nonce: string | null;
  pending_password_expires_at: Date | null;
  broker_codes: string[];
  /** Two-factor sign-in (staff): the sealed secret, the last time step used, recovery code hashes. */
  second_factor_secret: string | null;
  second_factor_step: string | null;
  /** The current recovery codes' hashes; a used one is null. */
  second_factor_recovery: (string | null)[] | null;
  /** The hashes of the current set's codes used, so one typed again is refused as used. */
  second_factor_recovery_used: string[] | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** Plain queries over the `users` read table. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<UserRow | null> {
    const rows: UserRow[] = await this.dataSource.query('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0] ?? null;
  }

  /** A customer's lawyer and appraiser, as `users/me` answers them (staff: none). */
  async assignmentsOf(customerId: string | null): Promise<UserAssignments> {
    const rows: UserAssignments[] = customerId
      ? await this.dataSource.query(
          'SELECT lawyer_id AS lawyer, lawyer_status, appraiser_id AS appraiser, appraiser_status FROM customers WHERE id = $1',
          [customerId],
        )
      : [];
    return rows[0] ?? NO_ASSIGNMENTS;
  }

  async findActiveByPhone(phoneNumber: string): Promise<UserRow | null> {
    const rows: UserRow[] = await this.dataSource.query(
      'SELECT * FROM users WHERE phone_number = $1 AND is_active',
      [phoneNumber],
    );
    return rows[0] ?? null;
  }

  async listByRole(
    role: Role | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: UserRow[]; count: number }> {
    const where = role ? 'WHERE is_active AND role = $3' : "WHERE is_active AND role <> 'customer'";
    const params: unknown[] = role ? [limit, offset, role] : [limit, offset];
    const rows: UserRow[] = await this.dataSource.query(
      `SELECT * FROM users ${where} ORDER BY first_name, last_name, id LIMIT $1 OFFSET $2`,
      params,
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM users ${where.replace('$3', '$1')}`,
      role ? [role] : [],
    )) as { count: number }[];
    return { rows, count };
  }
}
