import type { EntityManager } from 'typeorm';

/** Held (shared) by every transaction that inserts into `events`, from before it draws positions until it ends. */
const APPENDING = `locktype = 'advisory' AND classid = 1701 AND objid = 0 AND objsubid = 2 AND granted
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

interface Gap {
  /** The appending transactions in flight when the gap was first seen: one of them may hold it. */
  waitingFor: Set<string>;
}

/**
 * Positions missing below a committed one. Appends commit concurrently, so a reader may see position 11
 * before 10: 10 is either still in flight (the reader must wait for it, or it would skip it forever) or
 * rolled back (the reader must pass it, or it would wait forever). A transaction that drew a position
 * holds the appending lock from before it drew it until it ends, so it was among the appenders in flight
 * when the gap was first seen; once all of those have ended and the position is still missing, it never
 * comes.
 */
export class LogGaps {
  private readonly open = new Map<number, Gap>();
  private readonly passed = new Set<number>();

  /** Whether every position from `from` to `to` can be passed (each rolled back); false while one may come. */
  async settled(db: EntityManager, from: number, to: number): Promise<boolean> {
    const missing: number[] = [];
    for (let position = from; position <= to; position++)
      if (!this.passed.has(position)) missing.push(position);
    if (missing.length === 0) return true;

    const inFlight = new Set(
      (
        (await db.query(`SELECT virtualtransaction AS id FROM pg_locks WHERE ${APPENDING}`)) as {
          id: string;
        }[]
      ).map((row) => row.id),
    );
    const first = missing[0];
    const gap = this.open.get(first);
    if (!gap) {
      this.open.set(first, { waitingFor: inFlight });
    } else {
      for (const id of gap.waitingFor) if (!inFlight.has(id)) gap.waitingFor.delete(id);
    }
    if ((this.open.get(first)?.waitingFor.size ?? 0) > 0) return false;

    // Every appender that could hold these positions has ended; any that committed is visible by now.
    const [{ visible }] = (await db.query(
      'SELECT count(*)::int AS visible FROM events WHERE global_position BETWEEN $1 AND $2',
      [first, missing.at(-1)],
    )) as { visible: number }[];
    if (visible > 0) return false; // committed meanwhile: the next read takes it
    this.open.delete(first);
    for (const position of missing) this.passed.add(position);
    this.forgetOld();
    return true;
  }

  /** Positions passed long ago are never asked about again; keep the memory bounded. */
  private forgetOld(): void {
    if (this.passed.size <= 10_000) return;
    const newest = [...this.passed].sort((a, b) => b - a).slice(0, 5_000);
    this.passed.clear();
    for (const position of newest) this.passed.add(position);
  }
}
