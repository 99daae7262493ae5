import { expect } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProjectionRebuilder } from '../../server/src/platform/event-store/projection.rebuilder.js';
import { ProjectionRegistry } from '../../server/src/platform/event-store/projection.registry.js';
import type { TestApp } from './test-app.js';

/** Every read table's rows, in a total order: where rows lie on disk is not part of what a rebuild reproduces. */
export async function dumpReadTables(t: TestApp): Promise<Record<string, unknown[]>> {
  const db = t.app.get(DataSource);
  const out: Record<string, unknown[]> = {};
  for (const table of t.app.get(ProjectionRegistry).tables())
    out[table] = await db.query(`SELECT * FROM "${table}" t ORDER BY 1, 2, t::text`);
  return out;
}

/**
 * How every read table is made: columns in order, constraints, indexes with their names, and storage
 * parameters. A column's place is counted among the table's columns: a dropped column leaves a gap in
 * PostgreSQL's numbering that a table made afresh does not have.
 */
export async function describeReadTables(t: TestApp): Promise<unknown[]> {
  const tables = t.app.get(ProjectionRegistry).tables();
  const db = t.app.get(DataSource);
  const columns = await db.query(
    `SELECT table_name, column_name,
            row_number() OVER (PARTITION BY table_name ORDER BY ordinal_position) AS place,
            data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ANY($1)
      ORDER BY table_name, ordinal_position`,
    [tables],
  );
  const constraints = await db.query(
    `SELECT c.relname AS table, k.conname, k.contype, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = ANY($1) ORDER BY 1, 2`,
    [tables],
  );
  const indexes = await db.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ANY($1) ORDER BY 1, 2`,
    [tables],
  );
  const parameters = await db.query(
    `SELECT relname, reloptions FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1) AND reloptions IS NOT NULL ORDER BY 1`,
    [tables],
  );
  return [columns, constraints, indexes, parameters];
}

/** Rebuilds every read table from the events alone and checks that nothing changed, names included. */
export async function expectRebuildToReproduceReadTables(t: TestApp): Promise<void> {
  await t.drain();
  const before = await dumpReadTables(t);
  const shape = await describeReadTables(t);
  await t.app.get(ProjectionRebuilder).rebuild();
  expect(await dumpReadTables(t)).toEqual(before);
  expect(await describeReadTables(t)).toEqual(shape);
}
