import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StepState } from '../../../machines/customer.enums.js';
import type { ProgressFacts } from '../../../machines/roadmap-progress.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { GenericPlanReads } from '../platform/database/generic-plan-reads.js';
import { preparedQuery } from '../platform/database/prepared.js';
import type { CommitRead } from '../platform/event-store/event.types.js';
import { visibilityCondition, visibleTo } from './customer-access.js';
import { type Anchor, KeptPositions } from './kept-positions.js';
import { KEPT_MATCHES, type KeptSearch, KeptSearches } from './kept-searches.js';

/** The client's own columns, as a command that decides on them needs them. */
export interface CustomerRecord {
  id: string;
  typed_id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  status: string;
  deal_type: string;
  customer_type: string;
  closing_date: string | null;
  filogix_number: string | null;
  lender: string;
  address_line: string;
  broker_id: string | null;
  assistant_id: string | null;
  second_applicant_first_name: string;
  second_applicant_last_name: string;
  second_applicant_email: string;
  second_applicant_phone_number: string;
  is_review_requested: boolean;
  review_requested_at: Date | null;
  steps: StepState[];
  lawyer_id: string | null;
  lawyer_status: string;
  appraiser_id: string | null;
  appraiser_status: string;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** The client's view: their record with their staff's names and the counts the caller sees. */
export interface CustomerRow extends CustomerRecord {
  /** The active upload form's fields and its files' statuses, for the roadmap's progress. */
  active_form: ProgressFacts['form'];
  broker_first_name: string | null;
  broker_last_name: string | null;
  /** The broker's lender submission codes; the first goes to mortgage application links. */
  broker_codes: string[] | null;
  assistant_first_name: string | null;
  assistant_last_name: string | null;
  notes_unread: number;
  form_codes: string[];
  files_in_review: number;
  comments_unread: number;
}

export interface Curator {
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
}

export interface CustomerFilters {
  search: string;
  status: string;
  dealType: string;
  broker: string;
  offset: number;
  limit: number;
}

/**
 * The columns of `CustomerRecord`, named: the row also holds columns that only their own features read
 * (the Filogix folders, the appraisal), and every column a page returns is parsed once per row.
 */
const RECORD = `c.id, c.typed_id, c.user_id, c.first_name, c.last_name, c.email, c.phone_number, c.status,
  c.deal_type, c.customer_type, to_char(c.closing_date, 'YYYY-MM-DD') AS closing_date, c.filogix_number,
  c.lender, c.address_line, c.broker_id, c.assistant_id, c.second_applicant_first_name,
  c.second_applicant_last_name, c.second_applicant_email, c.second_applicant_phone_number,
  c.is_review_requested, c.review_requested_at, c.steps, c.lawyer_id, c.lawyer_status, c.appraiser_id,
  c.appraiser_status, c.created_at, c.updated_at, c.version`;

const SELECT = `
  SELECT ${RECORD},
         b.first_name AS broker_first_name, b.last_name AS broker_last_name, b.broker_codes,
         a.first_name AS assistant_first_name, a.last_name AS assistant_last_name,
         (SELECT count(*)::int FROM notes n
           WHERE n.customer_id = c.id AND n.author_id <> $1
             AND n.position > COALESCE((SELECT r.read_up_to FROM note_reads r WHERE r.customer_id = c.id AND r.user_id = $1), 0)
         ) AS notes_unread,
         COALESCE(fs.form_codes, '[]'::jsonb) AS form_codes, COALESCE(fs.files_in_review, 0) AS files_in_review,
         fs.active_form,
         (SELECT count(*)::int FROM file_comments fc
           WHERE fc.customer_id = c.id AND fc.author_id <> $1
             AND fc.position > COALESCE((SELECT r.read_up_to FROM comment_reads r WHERE r.file_id = fc.file_id AND r.user_id = $1), 0)
         ) AS comments_unread
    FROM customers c
    LEFT JOIN users b ON b.id = c.broker_id
    LEFT JOIN users a ON a.id = c.assistant_id
    LEFT JOIN customer_form_summaries fs ON fs.customer_id = c.id`;

/**
 * The page of clients newest first at an offset. A page past the middle is read from the oldest end, which
 * the same index serves backwards, so no page skips more than half the matching clients. Both reads are
 * planned, and the one that does not apply stops at its one-time filter on the total. `size` is the page's
 * size as written in the statement; `$offset` is the last parameter.
 */
function deepPage(condition: string, parameters: number, size: number): string {
  const offset = `$${parameters}`;
  const t = '(SELECT total_count FROM total)';
  // The outer limit changes no answer (each branch returns at most a page); it tells the planner the second
  // branch's computed limit is a page too, not the tenth of the table it guesses for a limit it cannot read.
  return `SELECT id FROM (
           (SELECT c.id FROM customers c WHERE ${condition} AND ${offset} * 2 < ${t}
             ORDER BY c.created_at DESC, c.id LIMIT ${size} OFFSET ${offset})
           UNION ALL
           (SELECT c.id FROM customers c WHERE ${condition} AND ${offset} * 2 >= ${t}
             ORDER BY c.created_at, c.id DESC
             LIMIT GREATEST(LEAST(${size}, ${t} - ${offset}), 0) OFFSET GREATEST(${t} - ${offset} - ${size}, 0))
         ) chosen LIMIT ${size}`;
}

/**
 * A page's size as written into its statement. Passed as a parameter, a plan kept for every value is made
 * for a tenth of the table, PostgreSQL's guess for a limit it cannot read: the page's names and summaries
 * were then joined by reading the whole summaries table (14 ms) instead of ten rows of it. The size is a
 * validated whole number; each size asked for is a statement of its own.
 */
function pageSize(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`A page's size must be a whole number: ${limit}`);
  return limit;
}

/** The condition for one client the caller may see, after the parameters a query already has. */
function visibleById(caller: Caller, id: string, before: unknown[] = []): { sql: string; params: unknown[] } {
  const params = [...before, id];
  const idParameter = params.length;
  return { sql: `c.id = $${idParameter} AND ${visibleTo(caller, params)}`, params };
}

/** How many changes the clients' search rows have had: what a kept search was found at. */
const CHANGES = 'SELECT COALESCE((SELECT n FROM customer_search_changes), 0)::text';

/** A row of a list's statement: a client of the page, with its position, the total and the count of changes. */
type ListedRow = CustomerRow & { position: string; total_count: number; changes: string | null };

/**
 * A page's clients and total as one statement answered them: the row of the total alone when the page is
 * empty. The rows keep the statement's other columns, which the view does not read: copying ten rows of
 * forty columns to drop them was a sixth of what a page allocated.
 */
function clientsPage(found: (CustomerRow & { total_count: number })[]): {
  rows: CustomerRow[];
  count: number;
} {
  return { rows: found.filter((row) => row.id !== null), count: found[0]?.total_count ?? 0 };
}

/** The total of a list without a search, from the kept counts, with the count of the search rows' changes. */
function countedTotal(condition: string): string {
  return `SELECT COALESCE(sum(c.n), 0)::int AS total_count, (${CHANGES}) AS changes
            FROM customer_counts c WHERE ${condition}`;
}

/** A list's statement: its total and its page's clients, each with its position in the list's order. */
function listStatement(total: string, page: string): string {
  return `WITH total AS (${total}),
       page AS (${page}),
       rows AS (${SELECT} JOIN page ON page.id = c.id)
       SELECT rows.*, rows.created_at::text AS position, total.total_count, total.changes
         FROM total LEFT JOIN rows ON true
        ORDER BY rows.created_at DESC, rows.id`;
}

/** What a list's order and offsets depend on: its filters and what the caller may see. */
function listKey(caller: Caller, filters: CustomerFilters): string {
  const scope = visibilityCondition(caller, 1);
  return JSON.stringify([scope.sql, scope.value, filters.status, filters.dealType, filters.broker]);
}

/** A row of a search's statement: a client of the page, with what the search keeps. */
type SearchedRow = CustomerRow & { total_count: number; kept_ids: string | null; changes: string };

/** The filters and the caller's visibility as conditions on `c`, their values added to `params`. */
function filterConditions(caller: Caller, filters: CustomerFilters, params: unknown[]): string {
  const where = [visibleTo(caller, params)];
  const add = (sql: (p: string) => string, value: unknown): void => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filters.status) add((p) => `c.status = ${p}`, filters.status);
  if (filters.dealType) add((p) => `c.deal_type = ${p}`, filters.dealType);
  if (filters.broker) add((p) => `c.broker_id = ${p}`, filters.broker);
  return where.join(' AND ');
}

/** What a search's results depend on: what was searched, the filters, and what the caller may see. */
function searchKey(caller: Caller, filters: CustomerFilters, search: string): string {
  return JSON.stringify([listKey(caller, filters), search]);
}

/** Plain queries over the `customers` read table, always within what the caller may see. */
@Injectable()
export class CustomersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: GenericPlanReads,
    private readonly keptSearches: KeptSearches,
    private readonly keptPositions: KeptPositions,
  ) {}

  async findVisible(caller: Caller, id: string): Promise<CustomerRow | null> {
    const { sql, parameters } = this.viewRead(caller, id);
    const rows = await this.reads.query<CustomerRow>(sql, [...parameters]);
    return rows[0] ?? null;
  }

  /** The read of the client's view as the caller sees it: none when the caller may not see the client. */
  viewRead(caller: Caller, id: string): CommitRead {
    const { sql, params } = visibleById(caller, id, [caller.id]);
    return { sql: `${SELECT} WHERE ${sql}`, parameters: params };
  }

  /**
   * The client's own columns, within what the caller may see: a command decides on these, and reading them
   * skips the view's joins and counts, most of a view's cost in the database.
   */
  async findVisibleRecord(caller: Caller, id: string): Promise<CustomerRecord | null> {
    const { sql, params } = visibleById(caller, id);
    const rows = await this.reads.query<CustomerRecord>(
      `SELECT ${RECORD} FROM customers c WHERE ${sql}`,
      params,
    );
    return rows[0] ?? null;
  }

  /** Whether the caller may see the client: the visibility rule alone, without reading the client's view. */
  async isVisible(caller: Caller, id: string): Promise<boolean> {
    const { sql, params } = visibleById(caller, id);
    const rows = await this.reads.query(`SELECT 1 FROM customers c WHERE ${sql}`, params);
    return rows.length > 0;
  }

  async list(caller: Caller, filters: CustomerFilters): Promise<{ rows: CustomerRow[]; count: number }> {
    const search = filters.search.trim();
    if (!search) return this.listed(caller, filters);
    const key = searchKey(caller, filters, search);
    const kept = this.keptSearches.get(key);
    const size = pageSize(filters.limit);
    if (kept && (filters.offset + size <= kept.ids.length || kept.ids.length === kept.total)) {
      const page = await this.keptPage(caller, kept, kept.ids.slice(filters.offset, filters.offset + size));
      if (page) return page;
    }
    return this.searched(caller, filters, search, key);
  }

  /**
   * A page of the clients list without a search, read from the position kept nearest before it when there
   * is one (`KeptPositions`), otherwise through the list's index from the nearer end.
   */
  private async listed(
    caller: Caller,
    filters: CustomerFilters,
  ): Promise<{ rows: CustomerRow[]; count: number }> {
    // A customer's own list is their one row.
    const key = caller.role === 'customer' ? null : listKey(caller, filters);
    if (key && filters.offset > 0) {
      const anchor = this.keptPositions.nearest(key, filters.offset);
      if (anchor) {
        const page = await this.fromPosition(caller, filters, anchor);
        if (page) return this.kept(key, filters.offset, page);
        this.keptPositions.forget(key);
      }
    }
    const params: unknown[] = [caller.id];
    const condition = filterConditions(caller, filters, params);
    const size = pageSize(filters.limit);
    params.push(filters.offset);
    // One round trip: the count, and the page chosen from the indexes first, its names and counts read for
    // its rows only. The count's row comes back even when the page is empty. The total is a sum over the
    // kept counts (`customer_counts`, keyed by broker, status and deal type: the filters and the broker's
    // visibility name only those columns); a customer's own list counts their one row.
    const total =
      caller.role !== 'customer'
        ? countedTotal(condition)
        : `SELECT count(*)::int AS total_count, NULL AS changes FROM customers c WHERE ${condition}`;
    const found = await this.reads.query<ListedRow>(
      listStatement(total, deepPage(condition, params.length, size)),
      params,
    );
    return key ? this.kept(key, filters.offset, found) : clientsPage(found);
  }

  /**
   * A page read from a kept position: the clients at or after it in the list's order, the ones between it
   * and the page's offset stepped over. Null when the search rows have changed since it was kept: the
   * position may no longer be at its offset.
   */
  private async fromPosition(
    caller: Caller,
    filters: CustomerFilters,
    anchor: Anchor,
  ): Promise<ListedRow[] | null> {
    const params: unknown[] = [caller.id];
    const condition = filterConditions(caller, filters, params);
    const size = pageSize(filters.limit);
    params.push(anchor.position.createdAt, anchor.position.id, filters.offset - anchor.offset);
    const [at, id, skip] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
    const found = await this.reads.query<ListedRow>(
      listStatement(
        countedTotal(condition),
        `SELECT c.id FROM customers c
          WHERE ${condition} AND c.created_at <= ${at}::timestamptz
            AND (c.created_at < ${at}::timestamptz OR c.id >= ${id}::uuid)
          ORDER BY c.created_at DESC, c.id LIMIT ${size} OFFSET ${skip}`,
      ),
      params,
    );
    return found[0]?.changes === anchor.changes ? found : null;
  }

  /** Keeps where the page's first and last clients are, and answers the page. */
  private kept(key: string, offset: number, found: ListedRow[]): { rows: CustomerRow[]; count: number } {
    const page = clientsPage(found);
    const changes = found[0]?.changes;
    if (changes)
      this.keptPositions.keep(
        key,
        changes,
        offset,
        found.filter((row) => row.id !== null).map((row) => ({ createdAt: row.position, id: row.id })),
      );
    return page;
  }

  /**
   * A page of a search, matched afresh: its matches found once, through the trigram indexes, then counted,
   * paged and kept (the first of them, with the count of the search rows' changes read in the same
   * statement). Left to itself the planner may walk the newest-first index testing every client for a
   * rare match. The matches are read from the clients' narrow search rows (`customer_search`), which hold
   * the columns the filters and the broker's visibility name.
   */
  private async searched(
    caller: Caller,
    filters: CustomerFilters,
    search: string,
    key: string,
  ): Promise<{ rows: CustomerRow[]; count: number }> {
    const params: unknown[] = [caller.id];
    const where = [filterConditions(caller, filters, params)];
    const digits = search.replace(/\D/g, '');
    // Folded in the database as the search rows are (`search_fold`: case and accents), so both read alike;
    // once per search (a sub-select), where a plan kept for the statement would fold it again for every
    // row it rechecks: 9.5 ms of PostgreSQL per search for 'smith' against 3 ms.
    params.push(`%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`);
    const like = `(SELECT search_fold($${params.length}))`;
    const phoneClause =
      digits.length >= 3 ? (params.push(`%${digits}%`), ` OR c.phone_number LIKE $${params.length}`) : '';
    where.push(`(c.search_text LIKE ${like}${phoneClause})`);
    const size = pageSize(filters.limit);
    params.push(filters.offset);
    // A search's best plan depends on how many clients its text matches, so PostgreSQL plans each one.
    const found = await preparedQuery<SearchedRow>(
      this.dataSource,
      `WITH matched AS MATERIALIZED (SELECT c.id, c.created_at FROM customer_search c WHERE ${where.join(' AND ')}),
       page AS (SELECT id FROM matched ORDER BY created_at DESC, id LIMIT ${size} OFFSET $${params.length}),
       total AS (
         SELECT (SELECT count(*)::int FROM matched) AS total_count,
                (SELECT string_agg(k.id::text, ',' ORDER BY k.created_at DESC, k.id)
                   FROM (SELECT id, created_at FROM matched ORDER BY created_at DESC, id LIMIT ${KEPT_MATCHES}) k
                ) AS kept_ids,
                (${CHANGES}) AS changes),
       rows AS (${SELECT} JOIN page ON page.id = c.id)
       SELECT rows.*, total.total_count, total.kept_ids, total.changes FROM total LEFT JOIN rows ON true
        ORDER BY rows.created_at DESC, rows.id`,
      params,
    );
    const first = found[0];
    if (first)
      this.keptSearches.keep(key, {
        changes: first.changes,
        total: first.total_count,
        ids: first.kept_ids ? first.kept_ids.split(',') : [],
      });
    return clientsPage(found);
  }

  /**
   * A page of a kept search: its clients read by id, within what the caller may see, with the count of the
   * search rows' changes in the same statement. Null when that count has moved: the kept results may no
   * longer hold.
   */
  private async keptPage(
    caller: Caller,
    kept: KeptSearch,
    ids: string[],
  ): Promise<{ rows: CustomerRow[]; count: number } | null> {
    const params: unknown[] = [caller.id, ids];
    const found = await this.reads.query<CustomerRow & { changes: string }>(
      `WITH rows AS (${SELECT} WHERE c.id = ANY($2::uuid[]) AND ${visibleTo(caller, params)})
       SELECT rows.*, (${CHANGES}) AS changes FROM (SELECT 1) one LEFT JOIN rows ON true
        ORDER BY rows.created_at DESC, rows.id`,
      params,
    );
    if (found[0]?.changes !== kept.changes) return null;
    return { rows: found.filter((row) => row.id !== null), count: kept.total };
  }

  async staffUser(id: string): Promise<{ id: string; role: string } | null> {
    const rows: { id: string; role: string }[] = await this.dataSource.query(
      "SELECT id, role FROM users WHERE id = $1 AND is_active AND role <> 'customer'",
      [id],
    );
    return rows[0] ?? null;
  }

  async phoneTaken(phoneNumber: string, exceptUserId: string | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM users WHERE phone_number = $1 AND is_active AND id IS DISTINCT FROM $2',
      [phoneNumber, exceptUserId],
    );
    return rows.length > 0;
  }

  async typedIdTaken(typedId: string): Promise<boolean> {
    return (await this.dataSource.query('SELECT 1 FROM customers WHERE typed_id = $1', [typedId])).length > 0;
  }

  /** One member of a customer's mortgage team: a staff member or the lawyer, as the customer sees them. */
  async curator(id: string, table: 'users' | 'lawyers'): Promise<Curator | null> {
    const rows: Curator[] = await this.dataSource.query(
      `SELECT id, first_name, last_name, phone_number, email FROM ${table} WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
