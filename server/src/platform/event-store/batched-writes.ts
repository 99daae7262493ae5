import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import pgUtils from 'pg/lib/utils.js';
import type { EntityManager } from 'typeorm';
import { copyLine, copyStatement, type CopyPlan } from './copy-rows.js';
import { perStatement } from '../database/per-statement.js';
import { namesTable } from '../database/statement-words.js';
import type { CommitRead } from './event.types.js';

const { escapeLiteral, prepareValue } = pgUtils;

/** Statements sent to the server in one round trip at most. */
const STATEMENTS_PER_TRIP = 150;
const READ = /^\s*(SELECT|WITH)\b/i;

/**
 * Whether a projection's statement is answered before the projection goes on: it sends what is queued first
 * and costs a round trip of its own in the middle of an append or a rebuild.
 */
export function isRead(sql: string): boolean {
  return READ.test(sql);
}

/** A parameter as SQL text: pg's own value preparation, then pg's own literal escaping. */
function literal(value: unknown): string {
  const prepared = prepareValue(value) as unknown;
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'::bytea`;
  return escapeLiteral(String(prepared));
}

/** A statement cut at its parameters: text, parameter, text, ... (cut once per statement shape). */
interface Template {
  texts: string[];
  parameters: number[];
}

const template = perStatement((sql): Template => {
  const pieces = sql.split(/\$(\d+)/);
  return {
    texts: pieces.filter((_, i) => i % 2 === 0),
    parameters: pieces.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1),
  };
});

/** The statement with its `$n` parameters written in as literals, for a multi-statement trip. */
export function inline(sql: string, parameters: readonly unknown[] = []): string {
  const { texts, parameters: indexes } = template(sql);
  let text = texts[0];
  for (let i = 0; i < indexes.length; i++) {
    const index = indexes[i];
    if (index >= parameters.length)
      throw new Error(`The statement names $${index + 1} but has ${parameters.length} parameters`);
    text += literal(parameters[index]) + texts[i + 1];
  }
  return text;
}

interface Queued {
  /** The statement as the projection wrote it, with `$n` parameters. */
  sql: string;
  parameters: readonly unknown[];
}

/** A queued statement with its parameters written in. */
function written(statement: Queued): string {
  return inline(statement.sql, statement.parameters);
}

const PLAIN_INSERT = /^\s*INSERT INTO (\w+)\s*\([^)]*\)\s*VALUES\s*\(/i;
const NOT_PLAIN = /\b(ON CONFLICT|RETURNING|SELECT)\b/i;

/** The table a plain single-row INSERT writes to; null for any other statement. */
const plainInsertTable = perStatement((sql): string | null => {
  const match = PLAIN_INSERT.exec(sql);
  return match && !NOT_PLAIN.test(sql) ? match[1] : null;
});

/**
 * The statements to send, with plain single-row INSERTs of one shape into a table that no other statement
 * of the trip names joined into one multi-row INSERT: nothing else in the trip can see the order of those
 * rows (the read tables have no foreign keys), and the server plans one statement instead of hundreds.
 */
export function mergeInserts(
  queued: readonly Queued[],
  write: (statement: Queued) => string = written,
): string[] {
  const groups = new Map<string, { table: string; members: Queued[] }>();
  for (const q of queued) {
    const table = plainInsertTable(q.sql);
    if (!table) continue;
    const group = groups.get(q.sql) ?? { table, members: [] };
    group.members.push(q);
    groups.set(q.sql, group);
  }
  const shapes = [...new Set(queued.map((q) => q.sql))];
  const merged = new Map<Queued, string | null>();
  for (const [sql, { table, members }] of groups) {
    if (members.length < 2) continue;
    if (shapes.some((other) => other !== sql && namesTable(other, table))) continue;
    // Each member writes in only its row: the part after VALUES names the same parameters as the statement.
    const valuesAt = sql.search(/VALUES\s*\(/i) + 'VALUES'.length;
    const row = sql.slice(valuesAt).trim();
    const rows = members.map((m) => inline(row, m.parameters));
    merged.set(members[0], `${sql.slice(0, valuesAt)} ${rows.join(', ')}`);
    for (const m of members.slice(1)) merged.set(m, null);
  }
  const statements: string[] = [];
  for (const q of queued) {
    const replacement = merged.get(q);
    if (replacement === undefined) statements.push(write(q));
    else if (replacement !== null) statements.push(replacement);
  }
  return statements;
}

/** The transaction with its `query` answered by `query`, everything else its own. */
export function withQuery(
  tx: EntityManager,
  query: (sql: string, parameters?: unknown[]) => Promise<unknown>,
): EntityManager {
  return new Proxy(tx, {
    get: (target, property, receiver) =>
      property === 'query' ? query : (Reflect.get(target, property, receiver) as unknown),
  });
}

/** Statement shapes a connection keeps prepared at most; others are sent with their parameters written in. */
const PREPARED_PER_CONNECTION = 256;
/** Shapes named at most: statements built from what changed take many shapes, the rare ones stay written in. */
const NAMED_SHAPES = 2000;
/**
 * Sent before the reads of a trip: PostgreSQL plans a prepared statement afresh for each call while a plan
 * made for the given values looks cheaper than the kept one, and planning a client's view took longer than
 * running it (0.3–1.9 ms against 0.1 ms).
 */
const KEPT_PLANS = 'SET LOCAL plan_cache_mode = force_generic_plan';
/** PostgreSQL's codes for a name the connection has prepared already, and for a statement it refuses. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';
const STATEMENT_REFUSED = '42';
/** The name every connection prepares a shape under. */
const preparedNames = new Map<string, string>();
/** Shapes the server could not prepare (a parameter whose type nothing in the statement tells). */
const unpreparable = new Set<string>();
/** The shapes each database connection has prepared, by connection. */
const preparedOn = new WeakMap<object, Set<string>>();

/** `EXECUTE name(…)` of a prepared shape, its parameters written in as literals. */
export function executeOf(name: string, parameters: readonly unknown[]): string {
  return parameters.length === 0
    ? `EXECUTE ${name}`
    : `EXECUTE ${name}(${parameters.map(literal).join(', ')})`;
}

/** The number of parameters a statement declares: its highest `$n`. */
function declaredParameters(sql: string): number {
  return Math.max(0, ...template(sql).parameters.map((index) => index + 1));
}

/** COPY's text, a few rows at a time. */
function* chunked(lines: readonly string[], size = 64 * 1024): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Rows of one shape a rebuild writes as one COPY at least; fewer travel as one multi-row INSERT. */
const COPY_AT_LEAST = 50;

/**
 * Projection writes during a rebuild, sent hundreds at a time: replaying the log one statement per round trip
 * spends most of its time waiting on the network. Writes are queued in order and sent as one multi-statement
 * query; a read (a projection that looks something up) first sends what is queued, so it sees every earlier
 * write. Parameters are written in with pg's own escaping, the same the driver would send.
 *
 * A statement the connection has prepared is sent as `EXECUTE` of it: the server then neither parses nor
 * plans it again, which is most of the cost of a one-row update. Each shape is prepared once per connection,
 * in a trip of its own behind a savepoint, so a shape the server cannot prepare costs nothing but that trip
 * and is sent written in from then on. The server plans a prepared statement again whenever the tables it
 * names change or the search path does (a rebuild's fresh tables, then the swap).
 *
 * Given a `CopyPlan` (a rebuild), single-row INSERTs are held back per table and written with COPY, which
 * costs the server a fraction of parsing the same rows as INSERTs. A statement that names a table with rows
 * held back sends them first, and so does the end of the transaction: nothing can see them out of order.
 */
export class BatchedWrites {
  private queued: Queued[] = [];
  /** The trip on its way, while the next one is prepared: the database and this process work at once. */
  private sending: Promise<unknown> | null = null;
  /** Single-row INSERTs held back for COPY, by table, in order. */
  private readonly held = new Map<string, Queued[]>();

  constructor(
    private readonly tx: EntityManager,
    private readonly copy?: CopyPlan,
  ) {}

  /** The transaction as projections see it: `query` queues writes and answers reads. */
  manager(): EntityManager {
    const query = async (sql: string, parameters: unknown[] = []): Promise<unknown> => {
      const statement = { sql, parameters };
      if (this.hold(statement)) return [];
      if (this.held.size > 0) await this.release(this.copy!.tablesNamed(sql));
      if (isRead(sql)) {
        await this.flushQueued();
        return this.tx.query(sql, parameters);
      }
      this.queued.push(statement);
      if (this.queued.length >= STATEMENTS_PER_TRIP) await this.send();
      return [];
    };
    return withQuery(this.tx, query);
  }

  /**
   * Sends what is queued and held back, then `reads`, then `last` (single statements, such as NOTIFY and
   * COMMIT), and waits for it all: answers each read's rows, in order.
   */
  async flush(last: readonly string[] = [], reads: readonly CommitRead[] = []): Promise<unknown[][]> {
    await this.release([...this.held.keys()]);
    await this.send(last, reads);
    const answered = await this.sending;
    this.sending = null;
    return reads.length > 0 ? (answered as unknown[][]) : [];
  }

  private async flushQueued(): Promise<void> {
    await this.send();
    await this.sending;
    this.sending = null;
  }

  /** Holds a single-row INSERT back for COPY; false for any other statement, or without a plan. */
  private hold(statement: Queued): boolean {
    const shape = this.copy?.shapeOf(statement.sql);
    if (!shape) return false;
    const rows = this.held.get(shape.table);
    if (rows) rows.push(statement);
    else this.held.set(shape.table, [statement]);
    return true;
  }

  /**
   * Sends the rows held back for these tables: a few join the queue, where they are merged into one INSERT;
   * many are written with a COPY per shape, after what is queued before them.
   */
  private async release(tables: readonly string[]): Promise<void> {
    const copies: Queued[][] = [];
    for (const table of tables) {
      const rows = this.held.get(table);
      if (!rows) continue;
      this.held.delete(table);
      if (rows.length >= COPY_AT_LEAST) copies.push(rows);
      else this.queued.push(...rows);
    }
    if (copies.length === 0) return;
    await this.flushQueued();
    for (const rows of copies) await this.copyRows(rows);
  }

  /** The driver's connection the transaction runs on; none for a manager outside a query runner. */
  private connection(): pg.PoolClient | undefined {
    return (this.tx.queryRunner as { databaseConnection?: pg.PoolClient } | undefined)?.databaseConnection;
  }

  /** Rows held back, written with one COPY per shape. */
  private async copyRows(rows: readonly Queued[]): Promise<void> {
    const client = this.connection();
    if (!client) throw new Error('Rows can be copied only within a transaction of its own connection');
    for (const sql of new Set(rows.map((r) => r.sql))) {
      const shape = this.copy!.shapeOf(sql)!;
      const lines = rows.filter((r) => r.sql === sql).map((r) => copyLine(shape, r.parameters));
      await pipeline(Readable.from(chunked(lines)), client.query(copyFrom(copyStatement(shape))));
    }
  }

  /**
   * Starts the next trip once the one on its way has arrived (one at a time keeps them in order). A trip with
   * reads runs on the driver's connection, which answers every statement's rows, and settles to the reads'.
   */
  private async send(last: readonly string[] = [], reads: readonly CommitRead[] = []): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    const prepared = await this.prepareShapes([...queued, ...reads]);
    const write = (statement: Queued): string => {
      const name = prepared.has(statement.sql) ? preparedNames.get(statement.sql) : undefined;
      return name ? executeOf(name, statement.parameters) : written(statement);
    };
    const statements = mergeInserts(queued, write);
    const answers = reads.length > 0 ? [KEPT_PLANS, ...reads.map(write)] : [];
    await this.sending;
    const trip = [...statements, ...answers, ...last];
    if (trip.length === 0) return;
    const text = trip.join(';\n');
    const sent: Promise<unknown> =
      reads.length > 0 ? this.readingTrip(text, reads.length, last.length) : this.tx.query(text);
    // Its failure is answered by the next flush or trip, which waits for it.
    sent.catch(() => undefined);
    this.sending = sent;
  }

  /**
   * A trip whose reads come just before its `last` statements: answers the reads' rows, counted from the end,
   * since a projection's write may hold more than one statement.
   */
  private async readingTrip(text: string, reads: number, last: number): Promise<unknown[][]> {
    const client = this.connection();
    if (!client) throw new Error('A trip with reads runs only within a transaction of its own connection');
    const answered = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
    const results = Array.isArray(answered) ? answered : [answered];
    return results.slice(results.length - last - reads, results.length - last).map((result) => result.rows);
  }

  /** The connection's prepared shapes, with those of `queued` it lacks prepared now where the server can. */
  private async prepareShapes(queued: readonly Queued[]): Promise<ReadonlySet<string>> {
    const connection = this.connection();
    if (!connection) return new Set();
    let shapes = preparedOn.get(connection);
    if (!shapes) preparedOn.set(connection, (shapes = new Set()));
    for (const { sql, parameters } of queued) {
      if (shapes.has(sql) || unpreparable.has(sql) || parameters.length === 0) continue;
      if (shapes.size >= PREPARED_PER_CONNECTION || plainInsertTable(sql)) continue;
      if (declaredParameters(sql) !== parameters.length) continue;
      let name = preparedNames.get(sql);
      if (!name && preparedNames.size >= NAMED_SHAPES) continue;
      if (!name) preparedNames.set(sql, (name = `projection_write_${preparedNames.size + 1}`));
      await this.sending;
      try {
        await this.tx.query(
          `SAVEPOINT projection_write; PREPARE ${name} AS ${sql}; RELEASE SAVEPOINT projection_write`,
        );
        shapes.add(sql);
      } catch (error) {
        // A lost connection fails this too, and the append or rebuild with it.
        await this.tx.query('ROLLBACK TO SAVEPOINT projection_write');
        const code = (error as { code?: string }).code ?? '';
        if (code === DUPLICATE_PREPARED_STATEMENT) shapes.add(sql);
        // Only the statement itself is a reason never to try again (a lock or a cancel is not).
        else if (code.startsWith(STATEMENT_REFUSED)) unpreparable.add(sql);
      }
    }
    return shapes;
  }
}
