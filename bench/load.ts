import autocannon from 'autocannon';
import { cpuBetween, sampleCpu } from './cpu.js';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors: a figure with failures is not a figure. */
  failures: number;
  /** Requests answered in all. */
  requests: number;
  /** CPU per request, in µs, of the product's server and of PostgreSQL, when the server's process was given. */
  cpu?: { server: number; postgres: number };
}

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PATCH';
  /** Builds each request afresh, so commands act on different objects and always change something. */
  next: () => { path: string; body?: string | Buffer; headers?: Record<string, string> };
  token?: string;
}

/** Drives the product with `connections` concurrent connections for `seconds`, one request builder for all. */
export async function load(
  baseUrl: string,
  request: LoadRequest,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method ?? 'GET',
        setupRequest: (req) => {
          const { path, body, headers } = request.next();
          return {
            ...req,
            path,
            body,
            headers: {
              ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
              ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
              ...headers,
            },
          };
        },
      },
    ],
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/**
 * Seconds of load sent before a figure's runs and not counted. A fresh process compiles its hot code with
 * V8's optimising compiler in its first seconds under load (a fifth of the server's CPU in a status change's
 * first 8 s, then none), so without it the first run measures the compiler as much as the product.
 */
export const WARM_UP_SECONDS = 2;

/**
 * The same load `runs` times after a warm-up, with a fresh request builder for each; with the server's
 * process, each run also tells the CPU it and PostgreSQL used per request, read from `/proc`.
 */
export async function loadRuns(
  baseUrl: string,
  request: () => LoadRequest,
  connections: number,
  seconds: number,
  runs: number,
  serverPid?: number,
): Promise<LoadResult[]> {
  await load(baseUrl, request(), connections, WARM_UP_SECONDS);
  const results: LoadResult[] = [];
  for (let run = 0; run < runs; run++) {
    const before = serverPid === undefined ? null : sampleCpu(serverPid);
    const result = await load(baseUrl, request(), connections, seconds);
    const used = before && serverPid !== undefined ? cpuBetween(before, sampleCpu(serverPid)) : null;
    if (used && result.requests > 0)
      result.cpu = {
        server: (used.server * 1000) / result.requests,
        postgres: (used.postgres * 1000) / result.requests,
      };
    results.push(result);
  }
  return results;
}
