import autocannon from 'autocannon';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors: a figure with failures is not a figure. */
  failures: number;
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
  };
}
