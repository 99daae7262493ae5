import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type ClientUpdate,
  type UnreadConversation,
  UPDATES_COUNTED,
  type UpdateType,
} from '../../../machines/inbox.js';
import { visibleTo } from '../customers/customer-access.js';
import type { Caller } from '../platform/auth/auth.decorators.js';

/** Conversations listed with the badge. */
const CONVERSATIONS_SHOWN = 20;
/** Updates listed under the bell. */
const UPDATES_SHOWN = 20;

interface ConversationRow extends Omit<UnreadConversation, 'last_at'> {
  last_at: Date;
}

interface UpdateRow {
  position: string;
  type: UpdateType;
  customer_id: string;
  client_name: string;
  created_at: Date;
  changes: Record<string, unknown>;
  actor_first_name: string | null;
  actor_last_name: string | null;
  caption: string | null;
  code: string | null;
}

/**
 * Reads for the header's badges over the clients a caller may see: messages by others after the reader's
 * mark in each conversation, and updates by others from the clients' histories. Customers have no notes.
 */
@Injectable()
export class InboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  async unreadConversations(caller: Caller): Promise<{ total: number; conversations: UnreadConversation[] }> {
    const params: unknown[] = [caller.id];
    const scope = visibleTo(caller, params);
    const notes =
      caller.role === 'customer'
        ? ''
        : `SELECT 'notes' AS kind, n.customer_id, NULL AS code, NULL::uuid AS file_id, NULL AS file_name,
                  count(*)::int AS unread, max(n.created_at) AS last_at
             FROM notes n JOIN customers c ON c.id = n.customer_id
             LEFT JOIN note_reads r ON r.customer_id = n.customer_id AND r.user_id = $1
            WHERE ${scope} AND n.author_id <> $1 AND n.position > COALESCE(r.read_up_to, 0)
            GROUP BY n.customer_id
           UNION ALL`;
    const rows: (ConversationRow & { total: number })[] = await this.dataSource.query(
      `WITH unread AS (
         ${notes}
         SELECT 'chat' AS kind, fc.customer_id, f.code, fc.file_id, f.file_name,
                count(*)::int AS unread, max(fc.created_at) AS last_at
           FROM file_comments fc JOIN customers c ON c.id = fc.customer_id JOIN form_files f ON f.id = fc.file_id
           LEFT JOIN comment_reads r ON r.file_id = fc.file_id AND r.user_id = $1
          WHERE ${scope} AND fc.author_id <> $1 AND fc.position > COALESCE(r.read_up_to, 0)
          GROUP BY fc.customer_id, f.code, fc.file_id, f.file_name)
       SELECT u.*, c.first_name || ' ' || c.last_name AS client_name,
              (SELECT COALESCE(sum(unread), 0)::int FROM unread) AS total
         FROM unread u JOIN customers c ON c.id = u.customer_id
        ORDER BY u.last_at DESC LIMIT ${CONVERSATIONS_SHOWN}`,
      params,
    );
    return {
      total: rows[0]?.total ?? 0,
      conversations: rows.map(({ total: _total, last_at, ...row }) => ({
        ...row,
        last_at: last_at.toISOString(),
      })),
    };
  }

  /** How far the reader has looked (0: never). */
  async readUpTo(userId: string): Promise<number> {
    const rows: { read_up_to: string }[] = await this.dataSource.query(
      'SELECT read_up_to FROM update_reads WHERE user_id = $1',
      [userId],
    );
    return Number(rows[0]?.read_up_to ?? 0);
  }

  /** The newest updates of these kinds by others, and how many are after the mark (up to a ceiling). */
  async updates(
    caller: Caller,
    types: readonly UpdateType[],
    readUpTo: number,
  ): Promise<{ unread: number; items: ClientUpdate[] }> {
    const params: unknown[] = [caller.id, types];
    const scope = visibleTo(caller, params);
    const countParams: unknown[] = [caller.id, types, readUpTo];
    const countScope = visibleTo(caller, countParams);
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT h.position, h.type, h.customer_id, c.first_name || ' ' || c.last_name AS client_name,
                e.created_at, e.data AS changes, a.first_name AS actor_first_name, a.last_name AS actor_last_name,
                f.caption, f.code
           FROM customer_history h JOIN customers c ON c.id = h.customer_id
           JOIN events e ON e.global_position = h.position
           LEFT JOIN users a ON a.id = h.actor_id
           -- The file a file event or a chat reply is about: its caption and the form it is on.
           LEFT JOIN form_files f ON f.id = (CASE WHEN h.type = 'comment.added' THEN e.data->>'fileId'
                                                  WHEN e.stream_type = 'form_file' THEN e.stream_id END)::uuid
          WHERE h.type = ANY($2) AND h.actor_id IS DISTINCT FROM $1 AND ${scope}
          ORDER BY h.position DESC LIMIT ${UPDATES_SHOWN}`,
        params,
      ) as Promise<UpdateRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS n FROM (
           SELECT 1 FROM customer_history h JOIN customers c ON c.id = h.customer_id
            WHERE h.type = ANY($2) AND h.actor_id IS DISTINCT FROM $1 AND h.position > $3 AND ${countScope}
            LIMIT ${UPDATES_COUNTED}) x`,
        countParams,
      ) as Promise<{ n: number }[]>,
    ]);
    return {
      unread: counted[0].n,
      items: rows.map((row) => ({
        position: Number(row.position),
        type: row.type,
        customer_id: row.customer_id,
        client_name: row.client_name,
        created: row.created_at.toISOString(),
        actor: row.actor_first_name
          ? { first_name: row.actor_first_name, last_name: row.actor_last_name ?? '' }
          : null,
        details: { ...detailsOf(row.changes), ...(row.caption ? { caption: row.caption } : {}) },
        unread: Number(row.position) > readUpTo,
        code: row.code,
      })),
    };
  }

  /** The newest position an update of these kinds could have for the reader: where 'mark all read' moves. */
  async newestPosition(): Promise<number> {
    const rows: { position: string | null }[] = await this.dataSource.query(
      'SELECT max(position) AS position FROM customer_history',
    );
    return Number(rows[0]?.position ?? 0);
  }
}

/** The few facts a line needs; a change's other data (texts of messages, file keys) stays out. */
function detailsOf(changes: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of ['caption', 'from', 'to']) if (key in changes) kept[key] = changes[key];
  return kept;
}
