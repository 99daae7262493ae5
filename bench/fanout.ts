import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { DomainEventPush } from '../machines/domain-event-push.js';
import { freePort, startChild } from './child.js';
import type { BenchContext } from './context.js';
import { type Figure, percentile } from './figures.js';

const CHANGES = 20;
const MISSED_AFTER_MS = 5_000;
/** Sockets opened at once: thousands of simultaneous handshakes would time the accept queue, not pushes. */
const OPEN_BATCH = 100;
const CONNECT_TIMEOUT_MS = 20_000;

type PushSocket = Socket<{ 'domain-event': (push: DomainEventPush) => void }>;

/**
 * Many sockets listening for the same pushes, and a way to time one: every socket gets the same
 * listener, which hands a push to whichever change is being timed.
 */
class Listeners {
  private current: ((index: number, push: DomainEventPush) => void) | null = null;
  /** Highest position already timed: a late push of an earlier change never counts for the next one. */
  private floor = 0;

  private constructor(readonly sockets: PushSocket[]) {
    sockets.forEach((socket, index) => socket.on('domain-event', (push) => this.current?.(index, push)));
  }

  static async open(url: string, count: number, token: string | null): Promise<Listeners> {
    const sockets: PushSocket[] = [];
    try {
      for (let opened = 0; opened < count; opened += OPEN_BATCH) {
        const batch = Array.from({ length: Math.min(OPEN_BATCH, count - opened) }, () => connect(url, token));
        sockets.push(...(await Promise.all(batch)));
      }
    } catch (error) {
      sockets.forEach((socket) => socket.disconnect());
      throw error;
    }
    return new Listeners(sockets);
  }

  /**
   * Sends one change and waits until every socket heard its push or MISSED_AFTER_MS passed. Returns each
   * socket's latency from sending the command, or null for a socket that heard nothing.
   */
  async time(
    send: () => Promise<void>,
    matches: (push: DomainEventPush) => boolean,
  ): Promise<(number | null)[]> {
    const latencies: (number | null)[] = this.sockets.map(() => null);
    const floor = this.floor;
    let heard = 0;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(done, MISSED_AFTER_MS);
    // Listening before the command goes out: a push may arrive before its HTTP answer.
    const start = performance.now();
    this.current = (index, push) => {
      if (latencies[index] !== null || push.position <= floor || !matches(push)) return;
      latencies[index] = performance.now() - start;
      this.floor = Math.max(this.floor, push.position);
      heard += 1;
      if (heard === this.sockets.length) done();
    };
    try {
      await send();
      await finished;
    } finally {
      clearTimeout(timer);
      this.current = null;
    }
    return latencies;
  }

  close(): void {
    this.sockets.forEach((socket) => socket.disconnect());
  }
}

function connect(url: string, token: string | null): Promise<PushSocket> {
  // Its own connection per socket (forceNew), WebSocket from the start like a long-lived tab after the
  // upgrade, and no reconnection: a dropped socket must show as missed pushes, not heal unseen.
  const socket: PushSocket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
    ...(token ? { auth: { token } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(new Error(`A socket to ${url} was refused: ${error.message}`));
    });
  });
}

interface RunResult {
  p50: number;
  p99: number;
  /** Sockets that missed at least one of the run's pushes. */
  missedSockets: number;
}

async function timeRun(
  listeners: Listeners,
  send: (change: number) => Promise<void>,
  matches: (push: DomainEventPush) => boolean,
): Promise<RunResult> {
  const heard: number[] = [];
  const missed = new Set<number>();
  for (let change = 0; change < CHANGES; change += 1) {
    const latencies = await listeners.time(() => send(change), matches);
    latencies.forEach((latency, index) => (latency === null ? missed.add(index) : heard.push(latency)));
  }
  return { p50: percentile(heard, 50), p99: percentile(heard, 99), missedSockets: missed.size };
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/**
 * How long a change takes to reach every open tab: `sockets` connections of the principal broker (who
 * hears of every client), then 20 status changes of one client, each timed per socket from sending the
 * command to hearing its push. The baseline is Socket.IO alone emitting to as many sockets on a request.
 */
export async function measureFanout(ctx: BenchContext, sockets: number): Promise<Figure[]> {
  const customerId = ctx.brokerClients[0];
  const customerUrl = `${ctx.baseUrl}/core/api/v3/customers/${customerId}/`;
  const headers = { authorization: `Bearer ${ctx.tokens.principal}`, 'content-type': 'application/json' };

  // Each change must really change the status, or no event (and no push) follows: start from the other one.
  const current = await fetch(customerUrl, { headers });
  if (!current.ok) throw new Error(`GET ${customerUrl} answered ${current.status}`);
  let status = ((await current.json()) as { data: { status: string } }).data.status;
  const changeStatus = async (): Promise<void> => {
    status = status === 'approved' ? 'active' : 'approved';
    const response = await fetch(customerUrl, { method: 'PATCH', headers, body: JSON.stringify({ status }) });
    await expectOk(response, `PATCH ${customerUrl}`);
  };
  const isTheChange = (push: DomainEventPush): boolean =>
    push.type === 'customer.status_changed' && push.customer_id === customerId;

  const port = await freePort();
  const bare = await startChild('bare-socket-server', [String(port)]);
  const bareUrl = `http://127.0.0.1:${port}`;
  const emit = async (): Promise<void> =>
    expectOk(await fetch(`${bareUrl}/emit?customer=${customerId}`, { method: 'POST' }), 'bare emit');
  const isBarePush = (push: DomainEventPush): boolean => push.type === 'customer.status_changed';

  let product: Listeners | null = null;
  let baseline: Listeners | null = null;
  try {
    // The gateway sets no limit of sockets per user or session, so one token opens them all.
    product = await Listeners.open(ctx.baseUrl, sockets, ctx.tokens.principal);
    baseline = await Listeners.open(bareUrl, sockets, null);
    const runs: RunResult[] = [];
    const baselineP99: number[] = [];
    for (let run = 0; run < ctx.runs; run += 1) {
      runs.push(await timeRun(product, changeStatus, isTheChange));
      baselineP99.push((await timeRun(baseline, emit, isBarePush)).p99);
    }
    const p99s = runs.map((run) => run.p99);
    // The run whose p99 is the median (the lower one of an even count) gives the latency shown.
    const medianRun = [...runs].sort((a, b) => a.p99 - b.p99)[Math.floor((runs.length - 1) / 2)];
    const missed = runs.map((run) => run.missedSockets);
    return [
      {
        name: `fan-out to ${sockets} sockets, p99`,
        unit: 'ms',
        values: p99s,
        latency: { p50: medianRun.p50, p99: medianRun.p99 },
        baseline: { name: `bare Socket.IO emit to ${sockets} sockets, p99`, values: baselineP99 },
        target: { kind: 'at_most', value: 250, description: 'p99 under 250 ms' },
        note: `${CHANGES} status changes per run; p50 per run: ${runs.map((run) => run.p50.toFixed(1)).join(', ')} ms`,
      },
      {
        name: `fan-out to ${sockets} sockets, missed`,
        unit: 'sockets',
        values: missed,
        target: {
          kind: 'check',
          pass: missed.every((count) => count === 0),
          description: `every socket hears every push within ${MISSED_AFTER_MS / 1000} s`,
        },
      },
    ];
  } finally {
    product?.close();
    baseline?.close();
    await bare.stop();
  }
}
