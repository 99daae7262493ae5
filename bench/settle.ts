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
