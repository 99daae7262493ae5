import { Injectable } from '@nestjs/common';
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
  changes: unknown;
  created_at: Date;
}

/** Queries of a client's audit trail, newest first, each entry with its actor's name. */
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
      `SELECT h.*, u.first_name AS actor_first_name, u.last_name AS actor_last_name
         FROM customer_history h LEFT JOIN users u ON u.id = h.actor_id
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
