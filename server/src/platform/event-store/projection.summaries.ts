import type { EntityManager } from 'typeorm';
import { perStatement } from '../database/per-statement.js';
import { tablesNamed } from '../database/statement-words.js';
import { withQuery } from './batched-writes.js';

const WRITE_TARGET = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/i;

/**
 * The transaction as a replay in bulk gives it to projections: a write to a summary table is left out, since
 * the rebuild fills those tables once at the end, and any other statement that names one is refused, since
 * it would read a summary not filled yet.
 */
export function withoutSummaries(tx: EntityManager, tables: readonly string[]): EntityManager {
  if (tables.length === 0) return tx;
  const summaries = new Set(tables.map((t) => t.toLowerCase()));
  const verdict = perStatement((sql): 'skip' | 'send' => {
    const target = WRITE_TARGET.exec(sql)?.[1].toLowerCase();
    if (target && summaries.has(target)) return 'skip';
    const [reached] = tablesNamed(sql, tables);
    if (reached)
      throw new Error(`A projection reached the summary table ${reached} before the rebuild filled it`);
    return 'send';
  });
  return withQuery(tx, (sql, parameters) =>
    verdict(sql) === 'skip' ? Promise.resolve([]) : tx.query(sql, parameters),
  );
}
