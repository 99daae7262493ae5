import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A scope is a broker's clients, or the whole brokerage (null). */
type Scope = string | null;

/** Days between two timestamps, as a fraction. */
const DAYS = (to: string, from: string) => `extract(epoch FROM ${to} - ${from}) / 86400`;

const SPREAD = (days: string) => `count(*)::int AS count,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY ${days}) AS median,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY ${days}) AS p90`;

export interface SpreadRow {
  count: number;
  median: number | null;
  p90: number | null;
}

export interface BrokerRow {
  broker_id: string | null;
  first_name: string | null;
  last_name: string | null;
  outstanding_fields: number;
  outstanding_clients: number;
  waiting_files: number;
}

/**
 * The Pipeline page's reads: aggregates over the stays of clients in statuses (`client_status_periods`)
 * and over the active forms and their files, for one broker's clients or the whole brokerage.
 */
@Injectable()
export class PipelineRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Clients in each status now. */
  async current(scope: Scope): Promise<{ status: string; n: number }[]> {
    return this.dataSource.query(
      `SELECT status, count(*)::int AS n FROM client_status_periods
        WHERE left_at IS NULL AND ($1::uuid IS NULL OR broker_id = $1) GROUP BY status`,
      [scope],
    );
  }

  /** Stays started in each week (a Monday in the time zone) from the first week on. */
  async entered(
    scope: Scope,
    firstWeek: string,
    timeZone: string,
  ): Promise<{ status: string; week: string; n: number }[]> {
    return this.dataSource.query(
      `SELECT status, to_char(date_trunc('week', entered_at AT TIME ZONE $3), 'YYYY-MM-DD') AS week, count(*)::int AS n
         FROM client_status_periods
        WHERE entered_at >= ($2::date::timestamp AT TIME ZONE $3) AND ($1::uuid IS NULL OR broker_id = $1)
        GROUP BY 1, 2`,
      [scope, firstWeek, timeZone],
    );
  }

  /** Days spent in each status, over the stays a status change has ended. */
  async daysInStatus(scope: Scope): Promise<(SpreadRow & { status: string })[]> {
    return this.dataSource.query(
      `SELECT status, ${SPREAD(DAYS('left_at', 'entered_at'))}
         FROM client_status_periods
        WHERE left_at IS NOT NULL AND ($1::uuid IS NULL OR broker_id = $1)
        GROUP BY status`,
      [scope],
    );
  }

  /** Days from each client's creation (their first stay) to their first 'funded', over funded clients. */
  async toFunded(scope: Scope): Promise<SpreadRow> {
    const [row] = await this.dataSource.query(
      `WITH clients AS (
         SELECT min(entered_at) AS created, min(entered_at) FILTER (WHERE status = 'funded') AS funded
           FROM client_status_periods WHERE $1::uuid IS NULL OR broker_id = $1
          GROUP BY customer_id
       )
       SELECT ${SPREAD(DAYS('funded', 'created'))} FROM clients WHERE funded IS NOT NULL`,
      [scope],
    );
    return row as SpreadRow;
  }

  /** Files of active forms in review: how many, and since when the longest has waited. */
  async waiting(scope: Scope): Promise<{ files: number; oldest: Date | null }> {
    // A file's updated_at is when its status last changed (or its upload): for a file in review, when it
    // entered review.
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS files, min(f.updated_at) AS oldest
         FROM form_files f
         JOIN forms fo ON fo.code = f.code AND NOT fo.is_archived
         JOIN customers c ON c.id = f.customer_id
        WHERE f.status = 'in_review' AND ($1::uuid IS NULL OR c.broker_id = $1)`,
      [scope],
    );
    return row as { files: number; oldest: Date | null };
  }

  /**
   * Per broker: enabled fields of active forms without a checked file (and the clients they belong to),
   * and the files waiting for review.
   */
  async brokers(scope: Scope): Promise<BrokerRow[]> {
    return this.dataSource.query(
      `WITH outstanding AS (
         SELECT c.broker_id, count(*)::int AS fields, count(DISTINCT c.id)::int AS clients
           FROM forms fo
           JOIN customers c ON c.id = fo.customer_id
           CROSS JOIN LATERAL jsonb_array_elements(fo.fields) AS field
          WHERE NOT fo.is_archived AND NOT COALESCE((field->>'disabled')::boolean, false)
            AND ($1::uuid IS NULL OR c.broker_id = $1)
            AND NOT EXISTS (SELECT 1 FROM form_files f
                             WHERE f.code = fo.code AND f.field_name = field->>'name' AND f.status = 'checked')
          GROUP BY c.broker_id
       ), waiting AS (
         SELECT c.broker_id, count(*)::int AS files
           FROM form_files f
           JOIN forms fo ON fo.code = f.code AND NOT fo.is_archived
           JOIN customers c ON c.id = f.customer_id
          WHERE f.status = 'in_review' AND ($1::uuid IS NULL OR c.broker_id = $1)
          GROUP BY c.broker_id
       ), keys AS (SELECT broker_id FROM outstanding UNION SELECT broker_id FROM waiting)
       SELECT k.broker_id, b.first_name, b.last_name,
              COALESCE(o.fields, 0) AS outstanding_fields, COALESCE(o.clients, 0) AS outstanding_clients,
              COALESCE(w.files, 0) AS waiting_files
         FROM keys k
         LEFT JOIN outstanding o ON o.broker_id IS NOT DISTINCT FROM k.broker_id
         LEFT JOIN waiting w ON w.broker_id IS NOT DISTINCT FROM k.broker_id
         LEFT JOIN users b ON b.id = k.broker_id
        ORDER BY b.first_name NULLS LAST, b.last_name, k.broker_id`,
      [scope],
    );
  }

  /** Whether an id names someone who can broker clients (a broker or a principal broker). */
  async isBroker(id: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM users WHERE id = $1 AND role IN ('broker', 'principal_broker')`,
      [id],
    );
    return rows.length > 0;
  }
}
