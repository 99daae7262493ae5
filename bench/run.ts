import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PasswordService } from '../server/src/auth/password.service.js';
import { withApp } from '../server/src/cli/app-context.js';
import { loadConfig } from '../server/src/platform/config/app-config.js';
import { DataSource } from 'typeorm';
import { EventProcessorRunner } from '../server/src/platform/event-store/event-processor.js';
import { EventStore } from '../server/src/platform/event-store/event-store.js';
import {
  ProjectionRebuilder,
  REBUILD_BATCH,
} from '../server/src/platform/event-store/projection.rebuilder.js';
import type { BenchContext } from './context.js';
import { type Figure } from './figures.js';
import { generateBrokerage, type GeneratedBrokerage } from './generate.js';
import { measureHttp } from './http-figures.js';
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
const PASSWORD = 'Bench#2026pass';
const root = new URL('../..', import.meta.url).pathname;
const scratchDir = join(root, '.data', 'bench');
mkdirSync(scratchDir, { recursive: true });

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = '/homeward_bench';
  return url.toString();
})();

async function recreateScratchDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS homeward_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE homeward_bench');
  await admin.end();
}

const began = performance.now();
/** Minutes and seconds since the bench began: where its time goes, against its 15-minute budget. */
const elapsed = (): string => {
  const seconds = Math.floor((performance.now() - began) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
const log = (line: string): void => console.log(`[bench ${elapsed()}] ${line}`);

/** Reads the whole log as a rebuild does, a batch at a time, and answers events/s: the rebuild's baseline. */
async function readRate(store: EventStore): Promise<number> {
  const started = performance.now();
  let position = 0;
  let read = 0;
  for (;;) {
    const batch = await store.readCommittedAfter(position, REBUILD_BATCH);
    if (batch.length === 0) break;
    read += batch.length;
    position = batch.at(-1)!.position;
  }
  return Math.round(read / ((performance.now() - started) / 1000));
}
const figures: Figure[] = [];

log(`building a brokerage of ${clients.toLocaleString('en-US')} clients in a scratch database`);
await recreateScratchDatabase();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: scratchUrl,
  SEED_DEMO: 'false',
  DATA_DIR: join(scratchDir, 'data'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
let brokerage: GeneratedBrokerage | null = null;
await withApp(async (app) => {
  const passwordHash = await app.get(PasswordService).hash(PASSWORD);
  const started = performance.now();
  brokerage = await generateBrokerage(
    app.get(EventStore),
    { clients, brokers: 40, assistants: 8, passwordHash },
    (done, events) => {
      if (done % 5000 === 0 || done === clients)
        log(`generated ${done.toLocaleString('en-US')} clients, ${events.toLocaleString('en-US')} events`);
    },
  );
  const generated = brokerage;
  // A log that grew over years has been vacuumed and analysed along the way; a bulk load has not.
  await app.get(DataSource).query('VACUUM (ANALYZE) events');
  // The generated history is the past: its texts, e-mails and thumbnails are not owed now.
  const [{ head }] = (await app
    .get(DataSource)
    .query('SELECT max(global_position)::bigint AS head FROM events')) as {
    head: string;
  }[];
  await app.get(EventProcessorRunner).markHandledUpTo(Number(head));
  log(
    `generated ${generated.events.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  // Run with the young generation `npm run projections:rebuild` gives a rebuild (package.json).
  const rebuildRates: number[] = [];
  const readRates: number[] = [];
  for (let run = 0; run < runs; run++) {
    readRates.push(await readRate(app.get(EventStore)));
    log(`reading the log ${run + 1}: ${readRates.at(-1)!.toLocaleString('en-US')} events/s`);
    const result = await app.get(ProjectionRebuilder).rebuild({
      onProgress: (p) => {
        if (!p.done && p.events % 200_000 < 1000)
          log(`rebuild ${run + 1}: ${p.events.toLocaleString('en-US')} events`);
      },
    });
    rebuildRates.push(result.eventsPerSecond);
    log(`rebuild ${run + 1}: ${result.eventsPerSecond.toLocaleString('en-US')} events/s`);
    // A rebuild far below its target would take the whole bench's time: one run tells enough.
    if (result.eventsPerSecond < 5000) break;
  }
  figures.push({
    name: `projections:rebuild, ${generated.events.toLocaleString('en-US')} events`,
    unit: 'events/s',
    values: rebuildRates,
    baseline: { name: 'reading the same events', values: readRates },
    target: { kind: 'at_least', value: 20_000, description: 'at least 20,000 events/s' },
  });
}, config);
if (!brokerage) throw new Error('The brokerage was not generated');
const data: GeneratedBrokerage = brokerage;

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
      body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
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
    staffPassword: PASSWORD,
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
