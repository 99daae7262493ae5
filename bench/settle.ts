import pg from 'pg';
import type { BenchContext } from './context.js';

/** Longer than any backlog one figure leaves; a product still busy after it is measured busy, and said so. */
const SETTLE_LIMIT_MS = 180_000;
const POLL_MS = 500;

/** What the product still owes of the previous load: events its processors have not handled, and jobs due. */
async function owed(ctx: BenchContext, db: pg.Client): Promise<{ events: number; jobs: number }> {
  const health = (await (await fetch(`${ctx.baseUrl}/health`)).json()) as {
    processors: { behind: number }[];
  };
  const events = health.processors.reduce((sum, p) => sum + p.behind, 0);
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM jobs WHERE run_at <= now()');
  return { events, jobs: Number(rows[0].n) };
}

/** When PostgreSQL's autovacuum, at its default settings, vacuums a table and when it analyses one. */
const AUTOVACUUM = { vacuumBase: 50, vacuumShare: 0.2, analyzeBase: 50, analyzeShare: 0.1 };

/**
 * Does what autovacuum would have done by now, on a server that runs without it (a CI machine's
 * PostgreSQL may): the tables earlier loads changed past autovacuum's default thresholds are vacuumed or
 * analysed, so a figure measures the product on tables kept as a production server keeps them, not on
 * the dead rows of thousands of commands. A server with autovacuum on is left to it.
 */
async function vacuumAsAutovacuumWould(ctx: BenchContext, db: pg.Client): Promise<void> {
  const { rows: setting } = await db.query<{ on: boolean }>(
    "SELECT current_setting('autovacuum') = 'on' AS on",
  );
  if (setting[0].on) return;
  const { rows } = await db.query<{ name: string; vacuum: boolean }>(
    `SELECT relname AS name, n_dead_tup > $1::float8 + $2::float8 * n_live_tup AS vacuum
       FROM pg_stat_user_tables
      WHERE schemaname = current_schema()
        AND (n_dead_tup > $1::float8 + $2::float8 * n_live_tup
          OR n_mod_since_analyze > $3::float8 + $4::float8 * n_live_tup)`,
    [AUTOVACUUM.vacuumBase, AUTOVACUUM.vacuumShare, AUTOVACUUM.analyzeBase, AUTOVACUUM.analyzeShare],
  );
  for (const { name, vacuum } of rows)
    await db.query(`${vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${db.escapeIdentifier(name)}`);
  if (rows.length > 0)
    ctx.log(
      `  did what autovacuum (off on this server) would have: ${rows.map((r) => `${r.vacuum ? 'vacuumed' : 'analysed'} ${r.name}`).join(', ')}`,
    );
}

/**
 * Waits until the product has done the background work earlier loads left it (previews of uploaded files,
 * e-mails, pushes), so a figure measures its own load and not the last one's backlog. Jobs handed to Redis
 * (when the bench runs with REDIS_URL) are not waited for.
 */
export async function settle(ctx: BenchContext): Promise<void> {
  const db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    for (;;) {
      const left = await owed(ctx, db);
      const waited = performance.now() - started;
      if (left.events === 0 && left.jobs === 0) {
        if (waited > 1000) ctx.log(`  the product settled in ${(waited / 1000).toFixed(0)} s`);
        await vacuumAsAutovacuumWould(ctx, db);
        return;
      }
      if (waited > SETTLE_LIMIT_MS) {
        ctx.log(`  measured while the product still owes ${left.events} events and ${left.jobs} jobs`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await db.end();
  }
}
