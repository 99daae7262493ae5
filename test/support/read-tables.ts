import { expect } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProjectionRebuilder } from '../../server/src/platform/event-store/projection.rebuilder.js';
import { ProjectionRegistry } from '../../server/src/platform/event-store/projection.registry.js';
import type { TestApp } from './test-app.js';

/** Every read table's rows, in a stable order. */
export async function dumpReadTables(t: TestApp): Promise<Record<string, unknown[]>> {
  const db = t.app.get(DataSource);
  const out: Record<string, unknown[]> = {};
  for (const table of t.app.get(ProjectionRegistry).tables())
    out[table] = await db.query(`SELECT * FROM "${table}" ORDER BY 1, 2`);
  return out;
}

/** Rebuilds every read table from the events alone and checks that nothing changed. */
export async function expectRebuildToReproduceReadTables(t: TestApp): Promise<void> {
  await t.drain();
  const before = await dumpReadTables(t);
  await t.app.get(ProjectionRebuilder).rebuild();
  expect(await dumpReadTables(t)).toEqual(before);
}
