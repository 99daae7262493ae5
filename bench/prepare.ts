import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { PasswordService } from '../server/src/auth/password.service.js';
import { withApp } from '../server/src/cli/app-context.js';
import { loadConfig } from '../server/src/platform/config/app-config.js';
import { EventProcessorRunner } from '../server/src/platform/event-store/event-processor.js';
import { EventStore } from '../server/src/platform/event-store/event-store.js';
import {
  ProjectionRebuilder,
  REBUILD_BATCH,
} from '../server/src/platform/event-store/projection.rebuilder.js';
import { generateBrokerage } from './generate.js';
import { BENCH_PASSWORD, type PreparedBrokerage } from './prepared.js';
import { progressLog } from './progress.js';

/**
 * Generates the brokerage into the scratch database through the product's own deciders, then rebuilds the
 * read tables and times it. It runs as a process of its own (`run.ts` starts it): it loads the whole server
 * to do so, and the process that then measures the product's latencies must not carry that heap, whose
 * mark-compact collections (about one a second under a page load, pausing it 10–27 ms) were counted in the
 * answers' latencies. Writes what it made to `--out` as JSON.
 */
const { values: args } = parseArgs({
  options: {
    clients: { type: 'string' },
    runs: { type: 'string' },
    began: { type: 'string' },
    out: { type: 'string' },
    'server-url': { type: 'string' },
    'scratch-url': { type: 'string' },
    'scratch-dir': { type: 'string' },
  },
});
const clients = Number(args.clients);
const runs = Number(args.runs);
const log = progressLog(Number(args.began));
const serverUrl = args['server-url']!;
const scratchUrl = args['scratch-url']!;

/** Drops and creates the scratch database, named by `--scratch-url` (the one place its name is chosen). */
async function recreateScratchDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = admin.escapeIdentifier(decodeURIComponent(new URL(scratchUrl).pathname.slice(1)));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

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

log(`building a brokerage of ${clients.toLocaleString('en-US')} clients in a scratch database`);
await recreateScratchDatabase();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: scratchUrl,
  SEED_DEMO: 'false',
  DATA_DIR: join(args['scratch-dir']!, 'data'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
await withApp(async (app) => {
  const passwordHash = await app.get(PasswordService).hash(BENCH_PASSWORD);
  const started = performance.now();
  const brokerage = await generateBrokerage(
    app.get(EventStore),
    { clients, brokers: 40, assistants: 8, passwordHash },
    (done, events) => {
      if (done % 5000 === 0 || done === clients)
        log(`generated ${done.toLocaleString('en-US')} clients, ${events.toLocaleString('en-US')} events`);
    },
  );
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
    `generated ${brokerage.events.toLocaleString('en-US')} events in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  // Run with the young generation `npm run projections:rebuild` gives a rebuild (`run.ts` starts it so).
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
  const prepared: PreparedBrokerage = { brokerage, rebuildRates, readRates };
  writeFileSync(args.out!, JSON.stringify(prepared));
}, config);
