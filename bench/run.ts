import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchContext } from './context.js';
import { type Figure } from './figures.js';
import type { GeneratedBrokerage } from './generate.js';
import { measureHttp } from './http-figures.js';
import { BENCH_PASSWORD, type PreparedBrokerage } from './prepared.js';
import { progressLog } from './progress.js';
import { resultsTable } from './report.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    port: { type: 'string', default: '3210' },
    // Sections to leave out, comma-separated: http, fanout, two, upload, lender.
    skip: { type: 'string', default: '' },
  },
});
const clients = Number(args.clients);
const runs = Number(args.runs);
const seconds = Number(args.seconds);
const port = Number(args.port);
const skipped = new Set(args.skip.split(',').filter(Boolean));
const root = new URL('../..', import.meta.url).pathname;
const scratchDir = join(root, '.data', 'bench');
mkdirSync(scratchDir, { recursive: true });

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = '/homeward_bench';
  return url.toString();
})();

const began = Date.now();
const log = progressLog(began);
const figures: Figure[] = [];

/**
 * The data set, made by a process of its own (`prepare.ts`): it loads the whole server to generate and
 * rebuild, and this process, which sends the load and times the answers, then keeps a small heap.
 */
async function prepare(): Promise<PreparedBrokerage> {
  const out = join(scratchDir, 'brokerage.json');
  const script = fileURLToPath(new URL('./prepare.js', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      // The young generation `npm run projections:rebuild` gives a rebuild (package.json).
      '--max-semi-space-size=64',
      script,
      ...['--clients', String(clients), '--runs', String(runs), '--began', String(began)],
      ...['--out', out, '--server-url', serverUrl, '--scratch-url', scratchUrl, '--scratch-dir', scratchDir],
    ],
    { stdio: 'inherit' },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Preparing the brokerage failed (exit code ${code})`);
  return JSON.parse(readFileSync(out, 'utf8')) as PreparedBrokerage;
}

const prepared = await prepare();
figures.push({
  name: `projections:rebuild, ${prepared.brokerage.events.toLocaleString('en-US')} events`,
  unit: 'events/s',
  values: prepared.rebuildRates,
  baseline: { name: 'reading the same events', values: prepared.readRates },
  target: { kind: 'at_least', value: 20_000, description: 'at least 20,000 events/s' },
});
const data: GeneratedBrokerage = prepared.brokerage;

/** Starts an instance of the product on the generated brokerage and waits until it answers. */
async function startProduct(at: number, logName: string) {
  const output = openSync(join(scratchDir, logName), 'w');
  const child = spawn('node', [join(root, 'dist/server/src/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: scratchUrl,
      PORT: String(at),
      SEED_DEMO: 'false',
      DATA_DIR: join(scratchDir, 'data'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', output, output],
  });
  const url = `http://127.0.0.1:${at}`;
  for (let i = 0; ; i++) {
    if (i > 300) {
      child.kill('SIGKILL');
      throw new Error(`The product did not answer within 60 s; see .data/bench/${logName}`);
    }
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    baseUrl: url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

log('starting the product on the generated brokerage');
const product = await startProduct(port, 'server.log');
const server = product.child;
const baseUrl = product.baseUrl;
try {
  const signIn = async (phone: string): Promise<string> => {
    const response = await fetch(`${baseUrl}/auth/api/v3/auth/token/obtain/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone, password: BENCH_PASSWORD }),
    });
    if (!response.ok) throw new Error(`Sign-in of ${phone} answered ${response.status}`);
    return ((await response.json()) as { data: { access: string } }).data.access;
  };
  const principal = data.staff.find((s) => s.role === 'principal_broker')!;
  const broker = data.staff.find((s) => s.role === 'broker')!;
  const customerForm = data.forms.find((f) => f.brokerId !== broker.id)!;
  const ctx: BenchContext = {
    baseUrl,
    databaseUrl: scratchUrl,
    serverPid: server.pid!,
    tokens: {
      principal: await signIn(principal.phone),
      broker: await signIn(broker.phone),
      customer: await signIn(customerForm.customerPhone),
    },
    brokerId: broker.id,
    brokerClients: data.customers.filter((c) => c.brokerId === broker.id).map((c) => c.id),
    customerForm: { ...customerForm, enabledField: data.fieldNames[0] },
    brokerForms: data.forms.filter((f) => f.brokerId === broker.id),
    seconds,
    runs,
    signIn,
    staffPassword: BENCH_PASSWORD,
    principalPhone: principal.phone,
    scratchDir,
    log,
  };
  if (!skipped.has('http')) figures.push(...(await measureHttp(ctx, serverUrl, log)));
  // Access tokens live 15 minutes: the later sections sign in afresh.
  ctx.tokens.principal = await signIn(principal.phone);
  ctx.tokens.customer = await signIn(customerForm.customerPhone);
  for (const sockets of skipped.has('fanout') ? [] : [1000, 2000]) {
    log(`fan-out to ${sockets} sockets`);
    const { measureFanout } = await import('./fanout.js');
    figures.push(...(await measureFanout(ctx, sockets)));
  }
  if (!skipped.has('two')) {
    log('two instances behind a round-robin proxy');
    const { measureTwoInstances } = await import('./two-instances.js');
    figures.push(...(await measureTwoInstances(ctx, () => startProduct(port + 1, 'server-2.log'), log)));
  }
  if (!skipped.has('upload')) {
    log('70 MB upload');
    const { measureLargeUpload } = await import('./upload.js');
    figures.push(...(await measureLargeUpload(ctx)));
  }
  if (!skipped.has('lender')) {
    log('lender package of about 1 GB');
    ctx.tokens.principal = await signIn(principal.phone);
    ctx.tokens.customer = await signIn(customerForm.customerPhone);
    const { measureLenderPackage } = await import('./lender-package.js');
    figures.push(...(await measureLenderPackage(ctx, log)));
  }
} finally {
  server.kill('SIGTERM');
}

const table = resultsTable(figures, { clients, events: data.events, runs, seconds });
console.log(`\n${table}`);
writeFileSync(join(root, 'bench', 'RESULTS.md'), table);
log('wrote bench/RESULTS.md');
