import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { perStatement } from './per-statement.js';

/** A stable statement name per query text: each connection prepares a text once and reuses its plan. */
const statementName = perStatement(
  (text) => `h${createHash('sha1').update(text).digest('hex').slice(0, 20)}`,
);

/**
 * Runs a read the product asks on every request as a named prepared statement outside any transaction.
 * PostgreSQL then parses and plans it once per connection instead of on every call, which for the clients
 * list and a client's view costs more than executing them.
 */
export async function preparedQuery<T>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<T[]> {
  return preparedOn<T>((dataSource.driver as PostgresDriver).master as pg.Pool, text, values);
}

/** Runs a read as a named prepared statement on a connection of the pool. */
export async function preparedOn<T>(pool: pg.Pool, text: string, values: unknown[]): Promise<T[]> {
  const result = await pool.query<T & pg.QueryResultRow>({ name: statementName(text), text, values });
  return result.rows;
}
