import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventLogEntry } from './event-log.dto.js';

interface ActivityRow {
  position: string;
  type: string;
  created: Date;
  context: EventLogEntry['context'];
}

/** Queries of the activity log read table, newest first. */
@Injectable()
export class EventLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(
    relType: string,
    relId: string,
    page: { limit: number; offset: number },
  ): Promise<{ entries: EventLogEntry[]; count: number }> {
    const rows: ActivityRow[] = await this.dataSource.query(
      `SELECT position, type, created, context FROM activity_log WHERE rel_type = $1 AND rel_id = $2
        ORDER BY position DESC LIMIT $3 OFFSET $4`,
      [relType, relId, page.limit, page.offset],
    );
    const [{ count }] = (await this.dataSource.query(
      'SELECT count(*)::int AS count FROM activity_log WHERE rel_type = $1 AND rel_id = $2',
      [relType, relId],
    )) as { count: number }[];
    const entries = rows.map((row) => ({
      id: Number(row.position),
      type: row.type,
      created: row.created.toISOString(),
      context: row.context,
    }));
    return { entries, count };
  }
}
