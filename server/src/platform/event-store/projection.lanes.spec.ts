import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { confinedToLane, type LaneMember, SharedBatches, splitIntoLanes } from './projection.lanes.js';

const projection = (name: string, tables: string[], uses: string[] = []): LaneMember => ({
  name,
  tables,
  uses,
});

describe('projections split into lanes for a rebuild', () => {
  const users = projection('users', ['users']);
  const history = projection('customer_history', ['customer_history'], ['users']);
  const customers = projection('customers', ['customers', 'customer_counts']);
  const assignments = projection('lawyer_assignments', [], ['customers']);
  const notes = projection('notes', ['notes', 'note_reads']);
  const all = [users, history, customers, assignments, notes];
  const names = (lanes: LaneMember[][]) => lanes.map((lane) => lane.map((p) => p.name));

  it('keeps a projection in the lane of the projection whose table it uses', () => {
    const lanes = splitIntoLanes(all, 5, () => 1);
    expect(names(lanes)).toHaveLength(3);
    expect(names(lanes)).toContainEqual(['users', 'customer_history']);
    expect(names(lanes)).toContainEqual(['customers', 'lawyer_assignments']);
    expect(names(lanes)).toContainEqual(['notes']);
  });

  it('puts the heaviest group alone and the lighter ones together', () => {
    const weight = (p: LaneMember) =>
      ({ customer_history: 10, users: 1, customers: 4, notes: 3 })[p.name] ?? 0;
    expect(names(splitIntoLanes(all, 2, weight))).toEqual([
      ['users', 'customer_history'],
      ['customers', 'lawyer_assignments', 'notes'],
    ]);
  });

  it('replays everything in one lane when asked for one', () => {
    expect(names(splitIntoLanes(all, 1, () => 1))).toEqual([all.map((p) => p.name)]);
  });
});

describe('a lane confined to its tables', () => {
  const sent: string[] = [];
  const tx = { query: (sql: string) => Promise.resolve(sent.push(sql)) } as unknown as EntityManager;
  const lane = [projection('customer_history', ['customer_history'], ['users'])];
  const confined = confinedToLane(tx, lane, ['customer_history', 'users', 'customers', 'customer_counts']);

  it('lets a statement on its own and used tables through', async () => {
    await confined.query('SELECT customer_id FROM users WHERE id = $1', ['u']);
    await confined.query('INSERT INTO customer_history (position) VALUES ($1)', [1]);
    expect(sent).toHaveLength(2);
  });

  it('refuses a statement that reaches another lane’s table, naming it', () => {
    expect(() => confined.query('UPDATE customers SET version = 2 WHERE id = $1', ['c'])).toThrow(
      /reached customers, a table outside its lane/,
    );
  });
});

describe('the log read once for lanes at their own pace', () => {
  /** A log of `events` numbers, read `size` at a time; counts the reads. */
  const log = (events: number, size: number) => {
    const reads: number[] = [];
    const batches = new SharedBatches<number>(2, size, async (previous) => {
      const after = previous?.at(-1) ?? 0;
      reads.push(after);
      return Array.from({ length: Math.max(0, Math.min(size, events - after)) }, (_, i) => after + i + 1);
    });
    return { batches, reads };
  };

  it('gives every lane every event in order and reads each batch once', async () => {
    const { batches, reads } = log(7, 3);
    const lane = async (i: number) => {
      const seen: number[] = [];
      for (let batch = await batches.next(i); batch.length > 0; batch = await batches.next(i))
        seen.push(...batch);
      return seen;
    };
    const [a, b] = await Promise.all([lane(0), lane(1)]);
    expect(a).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(b).toEqual(a);
    expect(reads).toEqual([0, 3, 6]);
  });

  it('holds a lane back once it runs too far ahead of the slowest', async () => {
    const { batches } = log(100, 1);
    for (let i = 0; i < 5; i++) await batches.next(0);
    let sixth = false;
    const ahead = batches.next(0).then(() => (sixth = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sixth).toBe(false);
    await batches.next(1);
    await ahead;
    expect(sixth).toBe(true);
  });
});
