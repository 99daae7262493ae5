import { Injectable } from '@nestjs/common';
import { FORM_FILE_STREAM } from '../documents/form.events.js';
import { DataSource } from 'typeorm';

export interface HistoryRow {
  position: string;
  type: string;
  stream_type: string;
  stream_id: string;
  actor_id: string | null;
  actor_role: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  /** The event's data as the log keeps it, secrets not yet left out. */
  changes: unknown;
  /** The people named by id in `changes` (staff, accounts, lawyers, appraisers), by id. */
  names: Record<string, string>;
  created_at: Date;
}

/**
 * The names of the people an entry's data (`e`, its event) names by id, read in the same statement as the
 * page (each id is one index lookup): users (staff and client accounts), lawyers, appraisers and files (a
 * file's own events name it by their stream).
 */
const NAMES = `
  (SELECT COALESCE(json_object_agg(ids.id, named.name), '{}'::json)
     FROM (SELECT v #>> '{}' AS id FROM jsonb_path_query(e.data, 'strict $.**') v
            WHERE jsonb_typeof(v) = 'string'
              AND (v #>> '{}') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
           UNION SELECT e.stream_id WHERE e.stream_type = '${FORM_FILE_STREAM}') ids
     CROSS JOIN LATERAL (
       SELECT concat_ws(' ', p.first_name, p.last_name) AS name FROM users p WHERE p.id = ids.id::uuid
       UNION ALL SELECT concat_ws(' ', p.first_name, p.last_name) FROM lawyers p WHERE p.id = ids.id::uuid
       UNION ALL SELECT concat_ws(' ', p.first_name, p.last_name) FROM appraisers p WHERE p.id = ids.id::uuid
       UNION ALL SELECT f.file_name FROM form_files f WHERE f.id = ids.id::uuid
       LIMIT 1) named) AS names`;

/** Queries of a client's audit trail, newest first, each entry with its actor's and its people's names. */
@Injectable()
export class CustomerHistoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(
    customerId: string,
    filter: { type?: string; limit: number; offset: number },
  ): Promise<{ rows: HistoryRow[]; count: number }> {
    const params: unknown[] = [customerId];
    let where = 'h.customer_id = $1';
    if (filter.type) {
      params.push(filter.type);
      where += ` AND h.type = $${params.length}`;
    }
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM customer_history h WHERE ${where}`,
      params,
    )) as { count: number }[];
    const rows: HistoryRow[] = await this.dataSource.query(
      `SELECT h.position, h.type, e.stream_type, e.stream_id, h.actor_id, e.metadata->>'actorRole' AS actor_role,
              e.data AS changes, e.created_at, u.first_name AS actor_first_name, u.last_name AS actor_last_name,
              ${NAMES}
         FROM customer_history h JOIN events e ON e.global_position = h.position
         LEFT JOIN users u ON u.id = h.actor_id
        WHERE ${where} ORDER BY h.position DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { rows, count };
  }

  /** Every event type in the client's trail, for the filter. */
  async types(customerId: string): Promise<string[]> {
    const rows: { type: string }[] = await this.dataSource.query(
      'SELECT DISTINCT type FROM customer_history WHERE customer_id = $1 ORDER BY type',
      [customerId],
    );
    return rows.map((row) => row.type);
  }
}
