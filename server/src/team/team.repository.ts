import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TeamChangeView, TeamMemberView } from './team.dto.js';

/** A staff member's row: the view's facts, with what the view derives its status from. */
type MemberRow = Omit<TeamMemberView, 'status' | 'last_login_at' | 'second_factor'> & {
  has_second_factor: boolean;
  is_active: boolean;
  last_login_at: Date | null;
  version: number;
};

const MEMBERS = `
  SELECT u.id, u.role, u.first_name, u.last_name, u.phone_number, u.email, u.broker_codes, u.is_active,
         u.last_login_at, u.version, u.second_factor_secret IS NOT NULL AS has_second_factor,
         COALESCE((SELECT sum(k.n) FROM customer_counts k WHERE k.broker_id = u.id), 0)::int
           + (SELECT count(*) FROM customers c WHERE c.assistant_id = u.id)::int AS client_count
    FROM users u WHERE u.role <> 'customer'`;

function toMember(row: MemberRow): TeamMemberView {
  return {
    id: row.id,
    role: row.role,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    broker_codes: row.broker_codes,
    status: !row.is_active ? 'deactivated' : row.last_login_at ? 'active' : 'invited',
    client_count: row.client_count,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    second_factor: row.has_second_factor,
  };
}

/** The staff of the brokerage as the team page shows them, and what they changed of each other. */
@Injectable()
export class TeamRepository {
  constructor(private readonly dataSource: DataSource) {}

  async members(): Promise<TeamMemberView[]> {
    const rows: MemberRow[] = await this.dataSource.query(
      `${MEMBERS} ORDER BY u.is_active DESC, u.first_name, u.last_name, u.id`,
    );
    return rows.map(toMember);
  }

  async member(id: string): Promise<(TeamMemberView & { is_active: boolean; version: number }) | null> {
    const rows: MemberRow[] = await this.dataSource.query(`${MEMBERS} AND u.id = $1`, [id]);
    return rows[0] ? { ...toMember(rows[0]), is_active: rows[0].is_active, version: rows[0].version } : null;
  }

  /** Every active principal broker with the version of their account, for the last-principal rule. */
  async activePrincipals(): Promise<{ id: string; version: number }[]> {
    return this.dataSource.query(
      "SELECT id, version FROM users WHERE role = 'principal_broker' AND is_active ORDER BY id",
    );
  }

  /** The clients a staff member brokers or assists, by id. */
  async clientsOf(userId: string): Promise<{ id: string; as: 'broker' | 'assistant' }[]> {
    return this.dataSource.query(
      `SELECT id, CASE WHEN broker_id = $1 THEN 'broker' ELSE 'assistant' END AS "as"
         FROM customers WHERE broker_id = $1 OR assistant_id = $1 ORDER BY id`,
      [userId],
    );
  }

  async history(offset: number, limit: number): Promise<{ rows: TeamChangeView[]; count: number }> {
    const rows: (TeamChangeView & { total: number })[] = await this.dataSource.query(
      `SELECT h.position::int AS id, h.type, h.created_at AS created, h.changes,
              json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) AS "user",
              CASE WHEN a.id IS NULL THEN NULL
                   ELSE json_build_object('id', a.id, 'first_name', a.first_name, 'last_name', a.last_name) END AS actor,
              count(*) OVER ()::int AS total
         FROM team_history h JOIN users u ON u.id = h.user_id LEFT JOIN users a ON a.id = h.actor_id
        ORDER BY h.position DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const count =
      rows[0]?.total ?? (await this.dataSource.query('SELECT count(*)::int AS n FROM team_history'))[0].n;
    return {
      rows: rows.map(({ total: _, created, ...row }) => ({
        ...row,
        created: new Date(created).toISOString(),
      })),
      count,
    };
  }
}
