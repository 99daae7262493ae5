import type { EntityManager } from 'typeorm';
import { perStatement } from '../database/per-statement.js';
import { tablesNamed } from '../database/statement-words.js';
import { withQuery } from './batched-writes.js';

/** What lanes are drawn from: a projection's name, the tables it owns and those of others it uses. */
export interface LaneMember {
  readonly name: string;
  readonly tables: readonly string[];
  readonly uses?: readonly string[];
}

/** The tables a projection owns or uses. */
function reached(projection: LaneMember): string[] {
  return [...projection.tables, ...(projection.uses ?? [])];
}

/**
 * Projections split into at most `count` lanes that a rebuild replays side by side, each on a connection of
 * its own. Projections that share a table, as its owner or as a user of it, keep to one lane, where they see
 * each other's writes in log order; lanes never meet. Groups go, heaviest first, to the lightest lane.
 * Within a lane projections keep the order they were given in.
 */
export function splitIntoLanes<P extends LaneMember>(
  projections: readonly P[],
  count: number,
  weight: (projection: P) => number,
): P[][] {
  const groupOf = new Map<P, P>();
  const root = (p: P): P => {
    let r = p;
    while (groupOf.get(r) !== r) r = groupOf.get(r)!;
    groupOf.set(p, r);
    return r;
  };
  const byTable = new Map<string, P>();
  for (const p of projections) {
    groupOf.set(p, p);
    for (const table of reached(p)) {
      const other = byTable.get(table);
      if (other) groupOf.set(root(p), root(other));
      else byTable.set(table, p);
    }
  }
  const groups = new Map<P, { members: P[]; weight: number }>();
  for (const p of projections) {
    const group = groups.get(root(p)) ?? { members: [], weight: 0 };
    group.members.push(p);
    group.weight += weight(p);
    groups.set(root(p), group);
  }
  const lanes = Array.from({ length: Math.max(1, count) }, () => ({ members: new Set<P>(), weight: 0 }));
  for (const group of [...groups.values()].sort((a, b) => b.weight - a.weight)) {
    const lightest = lanes.reduce((a, b) => (b.weight < a.weight ? b : a));
    for (const p of group.members) lightest.members.add(p);
    lightest.weight += group.weight;
  }
  return lanes
    .map((lane) => projections.filter((p) => lane.members.has(p)))
    .filter((lane) => lane.length > 0);
}

/** The tables a lane's projections own or use. */
export function laneTables(lane: readonly LaneMember[]): Set<string> {
  return new Set(lane.flatMap(reached));
}

/**
 * The transaction as a lane's projections see it: a statement naming a read table outside the lane is
 * refused, since another lane may not have written it yet. A projection that reaches such a table has to
 * name it in `uses`.
 */
export function confinedToLane(
  tx: EntityManager,
  lane: readonly LaneMember[],
  allTables: readonly string[],
): EntityManager {
  const own = laneTables(lane);
  const outside = allTables.filter((t) => !own.has(t));
  if (outside.length === 0) return tx;
  const check = perStatement((sql) => {
    const [reached] = tablesNamed(sql, outside);
    if (reached)
      throw new Error(
        `A projection of ${lane.map((p) => p.name).join(', ')} reached ${reached}, a table outside its lane: name it in the projection's uses`,
      );
    return true;
  });
  return withQuery(tx, (sql, parameters) => (check(sql), tx.query(sql, parameters)));
}

/**
 * The log read once, in batches, for lanes that replay it each at its own pace. A batch is read when the
 * first lane asks for it and let go once every lane has taken it; a lane waits rather than run further than
 * `drift` batches ahead of the slowest, which bounds the batches held at once.
 */
export class SharedBatches<T> {
  private readonly batches = new Map<number, Promise<T[]>>();
  private readonly taken = new Map<number, number>();
  private readonly positions: number[];
  private waiting: (() => void)[] = [];
  private last: Promise<T[]> | null = null;
  private read = 0;

  constructor(
    lanes: number,
    private readonly size: number,
    private readonly readAfter: (previous: T[] | null) => Promise<T[]>,
    private readonly drift = 4,
  ) {
    this.positions = Array.from({ length: lanes }, () => 0);
  }

  /** The lane's next batch; an empty batch once the log has been read to its end. */
  async next(lane: number): Promise<T[]> {
    const index = this.positions[lane];
    while (index - Math.min(...this.positions) > this.drift)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    while (this.read <= index) {
      const previous = this.last;
      const batch: Promise<T[]> = previous
        ? previous.then((p) => (p.length < this.size ? [] : this.readAfter(p)))
        : this.readAfter(null);
      // A failed read is answered to every lane that asks for that batch.
      batch.catch(() => undefined);
      this.batches.set(this.read++, batch);
      this.last = batch;
    }
    const batch = await this.batches.get(index)!;
    this.positions[lane] = index + 1;
    const taken = (this.taken.get(index) ?? 0) + 1;
    if (taken === this.positions.length) {
      this.batches.delete(index);
      this.taken.delete(index);
    } else this.taken.set(index, taken);
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
    return batch;
  }
}
