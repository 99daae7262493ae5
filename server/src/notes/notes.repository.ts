import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { visibleTo } from '../customers/customer-access.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { preparedQuery } from '../platform/database/prepared.js';
import type { CommitRead } from '../platform/event-store/event.types.js';
import { pageFound, VISIBLE, visiblePage } from '../platform/database/visible-page.js';

export interface NoteRow {
  id: string;
  text: string;
  created_at: Date;
  author_id: string;
  author_first_name: string | null;
  author_last_name: string | null;
  author_role: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | null;
}

const WITH_AUTHOR = `SELECT n.*, u.first_name AS author_first_name, u.last_name AS author_last_name, u.role AS author_role
   FROM notes n LEFT JOIN users u ON u.id = n.author_id`;

/** Queries of the notes read table, each note with its author's name. */
@Injectable()
export class NotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the client's notes and their total, read only when the caller may see the client. */
  async visibleList(
    caller: Caller,
    customerId: string,
    order: { ascending: boolean; limit: number; offset: number },
  ): Promise<{ rows: NoteRow[]; count: number; visible: boolean }> {
    const direction = order.ascending ? 'ASC' : 'DESC';
    const params: unknown[] = [customerId, order.limit, order.offset];
    const found = await preparedQuery<NoteRow & { total_count: number; visible: boolean }>(
      this.dataSource,
      visiblePage({
        visible: `SELECT 1 FROM customers c WHERE c.id = $1 AND ${visibleTo(caller, params)}`,
        total: `SELECT count(*)::int AS total_count FROM notes WHERE customer_id = $1 AND ${VISIBLE}`,
        page: `${WITH_AUTHOR} WHERE n.customer_id = $1 AND ${VISIBLE}
                ORDER BY n.created_at ${direction}, n.position ${direction} LIMIT $2 OFFSET $3`,
        order: `page.created_at ${direction}, page.position ${direction}`,
      }),
      params,
    );
    return pageFound<NoteRow>(found);
  }

  async find(noteId: string): Promise<NoteRow | null> {
    const { sql, parameters } = this.noteRead(noteId);
    const rows = await preparedQuery<NoteRow>(this.dataSource, sql, [...parameters]);
    return rows[0] ?? null;
  }

  /** The read of a note with its author. */
  noteRead(noteId: string): CommitRead {
    return { sql: `${WITH_AUTHOR} WHERE n.id = $1`, parameters: [noteId] };
  }

  /** Position of the client's newest note, 0 when there is none. */
  async newestPosition(customerId: string): Promise<number> {
    const [{ newest }] = (await this.dataSource.query(
      'SELECT COALESCE(MAX(position), 0)::bigint AS newest FROM notes WHERE customer_id = $1',
      [customerId],
    )) as { newest: string }[];
    return Number(newest);
  }
}
