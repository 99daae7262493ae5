import type { BenchContext } from './context.js';
import { freePort, startChild } from './child.js';
import type { Figure } from './figures.js';
import { loadRuns, type LoadRequest } from './load.js';
import { settle } from './settle.js';

const C = '/core/api/v3';

/** Runs a load `runs` times against a base URL and keeps each run's requests per second. */
async function rates(ctx: BenchContext, baseUrl: string, request: () => LoadRequest, connections: number) {
  await settle(ctx);
  const results = await loadRuns(baseUrl, request, connections, ctx.seconds, ctx.runs);
  return {
    values: results.map((r) => r.perSecond),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}

/**
 * The same loads against one instance and against two instances of the product behind a round-robin proxy
 * (`round-robin-proxy.ts`), on the same database: the ratio is what a second instance gains on this machine.
 * `startSecond` starts another instance of the product and resolves with its base URL and a way to stop it.
 */
export async function measureTwoInstances(
  ctx: BenchContext,
  startSecond: () => Promise<{ baseUrl: string; stop: () => Promise<void> }>,
  log: (line: string) => void,
): Promise<Figure[]> {
  const second = await startSecond();
  const port = await freePort();
  const proxy = await startChild('round-robin-proxy', [String(port), ctx.baseUrl, second.baseUrl]);
  const proxied = `http://127.0.0.1:${port}`;
  const figures: Figure[] = [];
  try {
    const statuses = new Map<string, string>();
    let index = 0;
    const loads: [string, () => LoadRequest, number][] = [
      [
        'status change',
        () => ({
          method: 'PATCH',
          token: ctx.tokens.broker,
          next: () => {
            const id = ctx.brokerClients[index++ % ctx.brokerClients.length];
            const status = statuses.get(id) === 'approved' ? 'active' : 'approved';
            statuses.set(id, status);
            return { path: `${C}/customers/${id}/`, body: JSON.stringify({ status }) };
          },
        }),
        16,
      ],
      [
        'clients, first page',
        () => ({ token: ctx.tokens.principal, next: () => ({ path: `${C}/customers/?offset=0&limit=10` }) }),
        32,
      ],
    ];
    for (const [name, request, connections] of loads) {
      log(`two instances: ${name}`);
      const one = await rates(ctx, ctx.baseUrl, request, connections);
      const two = await rates(ctx, proxied, request, connections);
      const failures = one.failures + two.failures;
      figures.push({
        name: `two instances behind a proxy: ${name} (${connections} conn.)`,
        unit: 'req/s',
        values: two.values,
        baseline: { name: 'one instance, direct', values: one.values },
        note: failures > 0 ? `${failures} answers were not 2xx` : undefined,
      });
    }
  } finally {
    await proxy.stop();
    await second.stop();
  }
  return figures;
}
