import type { DataSource, EntityManager } from 'typeorm';

/** A job as kept in PostgreSQL until it is done (in process) or handed to Redis (BullMQ). */
export interface OutboxJob {
  id: string;
  name: string;
  queue: string;
  data: unknown;
  /** Tries started so far, this one included. */
  attempts: number;
  /** Milliseconds since the job was recorded, by the database's clock. */
  ageMs: number;
  /** Milliseconds until the job is due (0 when it is due now). */
  delayMs: number;
}

interface JobRow {
  id: string;
  name: string;
  queue: string;
  data: unknown;
  attempts: number;
  age_ms: string;
  delay_ms: string;
}

/**
 * The `jobs` table. A job is claimed for a lease that its worker renews while it runs, so a job whose
 * instance died is taken up again once the lease has run out, and no transaction stays open meanwhile.
 */
export class JobOutbox {
  constructor(
    private readonly dataSource: DataSource,
    readonly leaseMs = 15_000,
  ) {}

  async record(
    job: { id: string; name: string; queue: string; data: unknown; delayMs?: number },
    tx?: EntityManager,
  ): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO jobs (id, name, queue, data, run_at)
       VALUES ($1, $2, $3, $4::jsonb, now() + $5 * interval '1 millisecond') ON CONFLICT (id) DO NOTHING`,
      [job.id, job.name, job.queue, JSON.stringify(job.data), job.delayMs ?? 0],
    );
  }

  /**
   * Takes up to `limit` due jobs of the given queues that nobody holds; with `aheadMs`, also jobs due within
   * that time (a queue that delays jobs itself takes them early, with how long each still has to wait).
   */
  async claim(queues: string[], limit: number, aheadMs = 0): Promise<OutboxJob[]> {
    const rows: JobRow[] = await this.dataSource.query(
      `WITH claimed AS (
       UPDATE jobs SET attempts = attempts + 1, locked_until = now() + $3 * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM jobs
           WHERE queue = ANY($1) AND run_at <= now() + $4 * interval '1 millisecond'
             AND (locked_until IS NULL OR locked_until < now())
           ORDER BY run_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, name, queue, data, attempts, (extract(epoch FROM now() - created_at) * 1000)::bigint AS age_ms,
                  greatest(0, extract(epoch FROM run_at - now()) * 1000)::bigint AS delay_ms)
       SELECT * FROM claimed`,
      [queues, limit, this.leaseMs, aheadMs],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      queue: row.queue,
      data: row.data,
      attempts: row.attempts,
      ageMs: Number(row.age_ms),
      delayMs: Number(row.delay_ms),
    }));
  }

  async renew(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE jobs SET locked_until = now() + $2 * interval '1 millisecond' WHERE id = ANY($1)`,
      [ids, this.leaseMs],
    );
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.query('DELETE FROM jobs WHERE id = $1', [id]);
  }

  async retryLater(id: string, delayMs: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE jobs SET run_at = now() + $2 * interval '1 millisecond', locked_until = NULL, last_error = $3 WHERE id = $1`,
      [id, delayMs, error],
    );
  }

  /** Lets a claimed job be taken again at once (e.g. Redis could not take it). */
  async release(id: string): Promise<void> {
    await this.dataSource.query('UPDATE jobs SET locked_until = NULL WHERE id = $1', [id]);
  }
}
