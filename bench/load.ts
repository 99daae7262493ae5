import autocannon from 'autocannon';
import { cpuBetween, type CpuSample, sampleCpu } from './cpu.js';
import { percentile } from './figures.js';

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

/**
 * Seconds of load sent before a figure's runs and not counted. A fresh process compiles its hot code with
 * V8's optimising compiler in its first seconds under load (a fifth of the server's CPU in a status change's
 * first 8 s, then none), so without it the first run measures the compiler as much as the product.
 */
export const WARM_UP_SECONDS = 2;

/** A run's window of the load: when it began and the answers that came back within it. */
interface Window {
  start: number;
  latencies: number[];
  failures: number;
  cpu: CpuSample | null;
}

/**
 * One load of `connections` concurrent connections, one request builder for all: a warm-up, then `runs`
 * windows of `seconds` measured each on its own. The connections stay open from the warm-up to the last
 * window, as a browser's do: when each run opened its own, the requests sent while 32 connections were being
 * opened made most of a run's answers over 60 ms (25 of 25, 31 of 43, 14 of 14 in three runs of the first
 * clients page), so a 5 s run's p99 measured the load generator's start as much as the product. With the
 * server's process, each window also tells the CPU it and PostgreSQL used per request, read from `/proc`.
 */
export async function loadRuns(
  baseUrl: string,
  request: () => LoadRequest,
  connections: number,
  seconds: number,
  runs: number,
  serverPid?: number,
): Promise<LoadResult[]> {
  const builder = request();
  const windows: Window[] = [];
  const sample = (): CpuSample | null => (serverPid === undefined ? null : sampleCpu(serverPid));
  const current = (): Window | undefined => windows[windows.length - 1];
  const instance = autocannon(
    {
      url: baseUrl,
      connections,
      duration: WARM_UP_SECONDS + runs * seconds,
      requests: [
        {
          method: builder.method ?? 'GET',
          setupRequest: (req) => {
            const { path, body, headers } = builder.next();
            return {
              ...req,
              path,
              body,
              headers: {
                ...(builder.token ? { authorization: `Bearer ${builder.token}` } : {}),
                ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
                ...headers,
              },
            };
          },
        },
      ],
    },
    () => undefined,
  );
  const stopped = new Promise<void>((resolve) => instance.once('done', () => resolve()));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    const window = current();
    if (!window) return;
    if (statusCode >= 200 && statusCode < 300) window.latencies.push(responseTime);
    else window.failures++;
  });
  instance.on('reqError', () => {
    const window = current();
    if (window) window.failures++;
  });
  // Each window starts when the one before ends; the last ends when the load stops.
  const timers: NodeJS.Timeout[] = [];
  for (let run = 0; run < runs; run++) {
    timers.push(
      setTimeout(
        () => windows.push({ start: performance.now(), latencies: [], failures: 0, cpu: sample() }),
        (WARM_UP_SECONDS + run * seconds) * 1000,
      ),
    );
  }
  await stopped;
  const end = performance.now();
  const endCpu = sample();
  timers.forEach(clearTimeout);
  return windows.map((window, index) => {
    const next = windows[index + 1];
    const until = next?.start ?? end;
    const requests = window.latencies.length + window.failures;
    const at = (p: number): number => (window.latencies.length ? percentile(window.latencies, p) : 0);
    const result: LoadResult = {
      perSecond: requests / ((until - window.start) / 1000),
      p50: at(50),
      p99: at(99),
      failures: window.failures,
      requests,
    };
    const cpuAfter = next ? next.cpu : endCpu;
    const used = window.cpu && cpuAfter ? cpuBetween(window.cpu, cpuAfter) : null;
    if (used && requests > 0)
      result.cpu = {
        server: (used.server * 1000) / requests,
        postgres: (used.postgres * 1000) / requests,
      };
    return result;
  });
}
