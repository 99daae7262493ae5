import pgUtils from 'pg/lib/utils.js';
import type { EntityManager } from 'typeorm';

const { escapeLiteral, prepareValue } = pgUtils;

/** Statements sent to the server in one round trip at most. */
const STATEMENTS_PER_TRIP = 400;
const READ = /^\s*(SELECT|WITH)\b/i;

/** A parameter as SQL text: pg's own value preparation, then pg's own literal escaping. */
function literal(value: unknown): string {
  const prepared = prepareValue(value) as unknown;
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'::bytea`;
  return escapeLiteral(String(prepared));
}

/** The statement with its `$n` parameters written in as literals, for a multi-statement trip. */
export function inline(sql: string, parameters: readonly unknown[] = []): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= parameters.length)
      throw new Error(`The statement names $${n} but has ${parameters.length} parameters`);
    return literal(parameters[index]);
  });
}

/**
 * Projection writes during a rebuild, sent hundreds at a time: replaying the log one statement per round trip
 * spends most of its time waiting on the network. Writes are queued in order and sent as one multi-statement
 * query; a read (a projection that looks something up) first sends what is queued, so it sees every earlier
 * write. Parameters are written in with pg's own escaping, the same the driver would send.
 */
export class BatchedWrites {
  private queued: string[] = [];

  constructor(private readonly tx: EntityManager) {}

  /** The transaction as projections see it: `query` queues writes and answers reads. */
  manager(): EntityManager {
    const query = async (sql: string, parameters?: unknown[]): Promise<unknown> => {
      if (READ.test(sql)) {
        await this.flush();
        return this.tx.query(sql, parameters);
      }
      this.queued.push(inline(sql, parameters));
      if (this.queued.length >= STATEMENTS_PER_TRIP) await this.flush();
      return [];
    };
    return new Proxy(this.tx, {
      get: (target, property, receiver) =>
        property === 'query' ? query : (Reflect.get(target, property, receiver) as unknown),
    });
  }

  async flush(): Promise<void> {
    if (this.queued.length === 0) return;
    const statements = this.queued;
    this.queued = [];
    await this.tx.query(statements.join(';\n'));
  }
}
