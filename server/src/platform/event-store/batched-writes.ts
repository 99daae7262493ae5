import pgUtils from 'pg/lib/utils.js';
import type { EntityManager } from 'typeorm';

const { escapeLiteral, prepareValue } = pgUtils;

/** Statements sent to the server in one round trip at most. */
const STATEMENTS_PER_TRIP = 150;
const READ = /^\s*(SELECT|WITH)\b/i;

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

const templates = new Map<string, Template>();

function template(sql: string): Template {
  let cut = templates.get(sql);
  if (!cut) {
    const pieces = sql.split(/\$(\d+)/);
    cut = {
      texts: pieces.filter((_, i) => i % 2 === 0),
      parameters: pieces.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1),
    };
    // Statements built from what changed take many shapes: the cache stays small.
    if (templates.size >= 2000) templates.clear();
    templates.set(sql, cut);
  }
  return cut;
}

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
  /** The statement with its parameters written in. */
  text: string;
}

const PLAIN_INSERT = /^\s*INSERT INTO (\w+)\s*\([^)]*\)\s*VALUES\s*\(/i;
const NOT_PLAIN = /\b(ON CONFLICT|RETURNING|SELECT)\b/i;

/**
 * The statements to send, with plain single-row INSERTs of one shape into a table that no other statement
 * of the trip names joined into one multi-row INSERT: nothing else in the trip can see the order of those
 * rows (the read tables have no foreign keys), and the server plans one statement instead of hundreds.
 */
const insertTables = new Map<string, string | null>();

/** The table a plain single-row INSERT writes to; null for any other statement. */
function plainInsertTable(sql: string): string | null {
  let table = insertTables.get(sql);
  if (table === undefined) {
    const match = PLAIN_INSERT.exec(sql);
    table = match && !NOT_PLAIN.test(sql) ? match[1] : null;
    if (insertTables.size >= 2000) insertTables.clear();
    insertTables.set(sql, table);
  }
  return table;
}

export function mergeInserts(queued: readonly Queued[]): string[] {
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
    const word = new RegExp(`\\b${table}\\b`, 'i');
    if (shapes.some((other) => other !== sql && word.test(other))) continue;
    // The part before the first parameter is the same in the statement and its inlined text.
    const valuesAt = sql.search(/VALUES\s*\(/i) + 'VALUES'.length;
    const rows = members.map((m) => m.text.slice(valuesAt).trim());
    merged.set(members[0], `${sql.slice(0, valuesAt)} ${rows.join(', ')}`);
    for (const m of members.slice(1)) merged.set(m, null);
  }
  const statements: string[] = [];
  for (const q of queued) {
    const replacement = merged.get(q);
    if (replacement === undefined) statements.push(q.text);
    else if (replacement !== null) statements.push(replacement);
  }
  return statements;
}

/**
 * Projection writes during a rebuild, sent hundreds at a time: replaying the log one statement per round trip
 * spends most of its time waiting on the network. Writes are queued in order and sent as one multi-statement
 * query; a read (a projection that looks something up) first sends what is queued, so it sees every earlier
 * write. Parameters are written in with pg's own escaping, the same the driver would send.
 */
export class BatchedWrites {
  private queued: Queued[] = [];
  /** The trip on its way, while the next one is prepared: the database and this process work at once. */
  private sending: Promise<unknown> | null = null;

  constructor(private readonly tx: EntityManager) {}

  /** The transaction as projections see it: `query` queues writes and answers reads. */
  manager(): EntityManager {
    const query = async (sql: string, parameters?: unknown[]): Promise<unknown> => {
      if (READ.test(sql)) {
        await this.flush();
        return this.tx.query(sql, parameters);
      }
      this.queued.push({ sql, text: inline(sql, parameters) });
      if (this.queued.length >= STATEMENTS_PER_TRIP) await this.send();
      return [];
    };
    return new Proxy(this.tx, {
      get: (target, property, receiver) =>
        property === 'query' ? query : (Reflect.get(target, property, receiver) as unknown),
    });
  }

  /** Sends what is queued, with `last` (such as COMMIT) in the same trip when given, and waits for it all. */
  async flush(last?: string): Promise<void> {
    await this.send(last);
    await this.sending;
    this.sending = null;
  }

  /** Starts the next trip once the one on its way has arrived (one at a time keeps them in order). */
  private async send(last?: string): Promise<void> {
    const statements = mergeInserts(this.queued);
    this.queued = [];
    if (last) statements.push(last);
    await this.sending;
    if (statements.length === 0) return;
    const trip = this.tx.query(statements.join(';\n'));
    // Its failure is answered by the next flush or trip, which waits for it.
    trip.catch(() => undefined);
    this.sending = trip;
  }
}
