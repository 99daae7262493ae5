import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { BatchedWrites } from './batched-writes.js';
import { CopyPlan } from './copy-rows.js';
import type { StoredEvent } from './event.types.js';
import type { Projection } from './projection.js';
import { confinedToLane, SharedBatches, splitIntoLanes } from './projection.lanes.js';
import { withoutSummaries } from './projection.summaries.js';
import { EventStore } from './event-store.js';
import { ALL_EVENTS, ProjectionRegistry } from './projection.registry.js';

/** How far a rebuild has come. */
export interface RebuildProgress {
  /** Events replayed so far. */
  events: number;
  /** Events in the log when the rebuild began (more may arrive while it runs). */
  total: number;
  eventsPerSecond: number;
  /** The fresh tables are in place. */
  done: boolean;
}

export interface RebuildOptions {
  /** Events replayed per transaction. */
  batchSize?: number;
  /** Connections that replay projections side by side. */
  lanes?: number;
  /** Called after every `progressEvery` events, and once at the end; the rebuild waits for it. */
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
  progressEvery?: number;
}

export interface RebuildResult {
  events: number;
  tables: string[];
  eventsPerSecond: number;
}

/** Events a rebuild reads and replays per transaction, unless told otherwise. */
export const REBUILD_BATCH = 5000;
const SCHEMA_PREFIX = 'projections_rebuild_';
/** One rebuild at a time per database; held on the rebuild's own connection. */
const REBUILD_LOCK = 'projections:rebuild';
const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK_DETECTED = '40P01';
const SWAP_TRIES = 5;
/**
 * Connections a rebuild replays the log on at once. PostgreSQL running one connection's writes is what
 * bounds a rebuild; lanes let it use more than one core. Four keep the clients' updates on a lane of their
 * own, away from the notes and the status periods, though lanes are weighed by events, not by their cost.
 */
const LANES = 4;

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;
/** A read table as the product reads it, in the public schema. */
const live = (table: string): string => `public.${ident(table)}`;

/** Waits for every lane, so that none is still writing when the rebuild gives up on a failure. */
async function allOrFirstFailure(work: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** "12,000 / 159,015 events (8,400 events/s)" */
export function describeProgress(p: RebuildProgress): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(p.events)} / ${n(Math.max(p.total, p.events))} events (${n(p.eventsPerSecond)} events/s)`;
}

interface IndexRow {
  table: string;
  schema: string;
  index: string;
  shape: string;
}

/**
 * Rebuilds every read table from the log without stopping the product. The tables are built afresh in a
 * schema of their own, copied from the live ones (columns, defaults, constraints, indexes), by replaying
 * the log in short transactions whose search path puts that schema first, so the projections' unqualified
 * table names reach the fresh tables while the events table stays the public one. Reads and writes go on
 * against the live tables meanwhile. Then one short transaction stops appends, replays what arrived since,
 * and swaps the fresh tables in under the live tables' names, index and constraint names included.
 */
@Injectable()
export class ProjectionRebuilder {
  private readonly logger = new Logger('Projections');

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly registry: ProjectionRegistry,
  ) {}

  async rebuild(options: RebuildOptions = {}): Promise<RebuildResult> {
    const batchSize = options.batchSize ?? REBUILD_BATCH;
    const progressEvery = options.progressEvery ?? 10_000;
    const tables = this.registry.tables();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let schema: string | null = null;
    let locked = false;
    try {
      const [{ acquired }] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS acquired', [
        REBUILD_LOCK,
      ])) as { acquired: boolean }[];
      if (!acquired) throw new Error('Another rebuild of the read tables is running');
      locked = true;
      await this.dropLeftovers(runner);
      await this.refuseWhatCannotBeCopied(runner, tables);
      const [{ count }] = (await runner.query('SELECT count(*) AS count FROM events')) as {
        count: string;
      }[];
      const total = Number(count);
      schema = `${SCHEMA_PREFIX}${Date.now()}`;
      const fresh = schema;
      await this.createFreshTables(runner, schema, tables);
      const pageIndexes = this.registry.list().flatMap((p) => p.pageIndexes ?? []);
      const setAside = await this.setIndexesAside(runner, schema, pageIndexes);
      const copy = await this.copyPlan(runner, tables);
      let swapFrom = 0;

      const started = performance.now();
      let replayed = 0;
      let reported = 0;
      const progress = (done = false): RebuildProgress => {
        const seconds = (performance.now() - started) / 1000;
        return {
          events: replayed,
          total,
          eventsPerSecond: seconds > 0 ? Math.round(replayed / seconds) : replayed,
          done,
        };
      };
      // While appends go on, only the settled log is replayed (no position an append in flight may still
      // take); once appends are stopped for the swap, everything after is.
      const replay = async (
        tx: EntityManager,
        position: number,
        settledOnly = true,
      ): Promise<{ position: number; count: number }> => {
        const batch = settledOnly
          ? await this.events.readCommittedAfter(position, batchSize, tx)
          : await this.events.readAll(position, batchSize, tx);
        const writes = new BatchedWrites(tx, copy);
        await this.registry.apply(batch, writes.manager());
        await writes.flush();
        return { position: batch.at(-1)?.position ?? position, count: batch.length };
      };

      // The bulk of the log, a batch per transaction in each lane; appends go on meanwhile. The log is read
      // once for all lanes, and each lane replays it at its own pace. Summary tables are filled after it.
      const summaries = this.registry.list().flatMap((p) => p.summaries ?? []);
      const summaryTables = summaries.map((s) => s.table);
      const lanes = await this.lanes(runner, options.lanes ?? LANES);
      const laneRunners: QueryRunner[] = [];
      try {
        while (laneRunners.length < lanes.length) {
          const laneRunner = this.dataSource.createQueryRunner();
          await laneRunner.connect();
          laneRunners.push(laneRunner);
        }
        const batches = new SharedBatches<StoredEvent>(lanes.length, batchSize, (previous) =>
          this.events.readCommittedAfter(previous?.at(-1)?.position ?? 0, batchSize, runner.manager),
        );
        let position = 0;
        await allOrFirstFailure(
          lanes.map(async (lane, i) => {
            const only = new Set(lane);
            for (;;) {
              const batch = await batches.next(i);
              if (batch.length === 0) break;
              await this.inSchema(laneRunners[i], fresh, async (tx) => {
                const writes = new BatchedWrites(tx, copy);
                const replayed = withoutSummaries(writes.manager(), summaryTables);
                await this.registry.apply(batch, confinedToLane(replayed, lane, tables), only);
                await writes.flush();
              });
              // The first lane reports progress for all: the others are at most a few batches behind.
              if (i > 0) continue;
              position = batch.at(-1)!.position;
              replayed += batch.length;
              if (Math.floor(replayed / progressEvery) > Math.floor(reported / progressEvery)) {
                reported = replayed;
                await options.onProgress?.(progress());
              }
            }
          }),
        );
        swapFrom = position;
        for (const { fill } of summaries) await this.inSchema(runner, fresh, (tx) => tx.query(fill));

        // Built side by side on the lanes' connections, as the replay was.
        await allOrFirstFailure(
          laneRunners.map(async (laneRunner, i) => {
            for (const definition of setAside.filter((_, n) => n % laneRunners.length === i))
              await laneRunner.query(definition);
          }),
        );

        // Fresh tables have no statistics and no visibility map yet: without them the planner misjudges every
        // query after the swap, and counts and deep pages cannot be answered from the indexes alone.
        await allOrFirstFailure(
          lanes.map(async (lane, i) => {
            for (const table of lane.flatMap((p) => p.tables))
              await laneRunners[i].query(`VACUUM (ANALYZE) ${ident(fresh)}.${ident(table)}`);
          }),
        );
      } finally {
        for (const laneRunner of laneRunners) await laneRunner.release();
      }

      // Appends wait only while the events that arrived since are replayed and the tables are swapped.
      replayed += await this.withRetries(() =>
        this.inSchema(runner, fresh, async (tx) => {
          await tx.query(`SET LOCAL lock_timeout = '5s'`);
          await tx.query('LOCK TABLE public.events IN EXCLUSIVE MODE');
          let from = swapFrom;
          let arrived = 0;
          for (;;) {
            const done = await replay(tx, from, false);
            from = done.position;
            arrived += done.count;
            if (done.count < batchSize) break;
          }
          if (tables.length > 0) {
            await tx.query(`DROP TABLE ${tables.map(live).join(', ')}`);
            for (const table of tables)
              await tx.query(`ALTER TABLE ${ident(fresh)}.${ident(table)} SET SCHEMA public`);
          }
          await tx.query(`DROP SCHEMA ${ident(fresh)}`);
          return arrived;
        }),
      );
      schema = null;

      const final = progress(true);
      await options.onProgress?.(final);
      this.logger.log(`Rebuilt ${tables.length} read tables: ${describeProgress(final)}`);
      return { events: replayed, tables, eventsPerSecond: final.eventsPerSecond };
    } finally {
      try {
        if (schema) await runner.query(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
        if (locked) await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [REBUILD_LOCK]);
      } finally {
        await runner.release();
      }
    }
  }

  /** The projections in lanes, weighed by how many events of the log each of them replays. */
  private async lanes(runner: QueryRunner, count: number): Promise<Projection[][]> {
    const rows = (await runner.query('SELECT type, count(*)::bigint AS n FROM events GROUP BY type')) as {
      type: string;
      n: string;
    }[];
    const byType = new Map(rows.map((r) => [r.type, Number(r.n)]));
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    return splitIntoLanes(this.registry.list(), count, (p) =>
      p.eventTypes.reduce((sum, type) => sum + (type === ALL_EVENTS ? total : (byType.get(type) ?? 0)), 0),
    );
  }

  /** The read tables' column types, for the rows a replay writes with COPY. */
  private async copyPlan(runner: QueryRunner, tables: string[]): Promise<CopyPlan> {
    const rows = (await runner.query(
      `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, NULL) AS type
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.oid = ANY($1::regclass[]) AND a.attnum > 0 AND NOT a.attisdropped`,
      [tables.map(live)],
    )) as { table: string; column: string; type: string }[];
    const types = new Map<string, Map<string, string>>();
    for (const { table, column, type } of rows) {
      const columns = types.get(table) ?? new Map<string, string>();
      columns.set(column, type);
      types.set(table, columns);
    }
    return new CopyPlan(types);
  }

  /** Runs a transaction on the rebuild's connection in which unqualified table names reach the fresh tables. */
  private async inSchema<T>(
    runner: QueryRunner,
    schema: string,
    work: (tx: EntityManager) => Promise<T>,
  ): Promise<T> {
    await runner.startTransaction();
    try {
      await runner.query(`SET LOCAL search_path TO ${ident(schema)}, public`);
      const result = await work(runner.manager);
      await runner.commitTransaction();
      return result;
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  }

  /** The swap waits a bounded time for readers of the live tables; it is tried again when it gives up. */
  private async withRetries<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        const e = error as { code?: string; driverError?: { code?: string } };
        const code = e.driverError?.code ?? e.code;
        if (attempt >= SWAP_TRIES || (code !== LOCK_NOT_AVAILABLE && code !== DEADLOCK_DETECTED)) throw error;
        this.logger.warn(`The swap of the rebuilt tables waited too long for a lock; trying again`);
      }
    }
  }

  /** Schemas a rebuild that did not finish left behind (only one rebuild runs at a time). */
  private async dropLeftovers(runner: QueryRunner): Promise<void> {
    const rows = (await runner.query(`SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`, [
      SCHEMA_PREFIX,
    ])) as { nspname: string }[];
    for (const { nspname } of rows) await runner.query(`DROP SCHEMA ${ident(nspname)} CASCADE`);
  }

  /**
   * Copies of the read tables cannot carry foreign keys, triggers or sequences over, and a log replay could
   * not reproduce a sequence's values anyway: the rebuild refuses such tables rather than lose them.
   */
  private async refuseWhatCannotBeCopied(runner: QueryRunner, tables: string[]): Promise<void> {
    const rows = (await runner.query(
      `SELECT c.relname AS table, 'foreign key ' || k.conname AS what
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE k.contype = 'f' AND (k.conrelid = ANY($1::regclass[]) OR k.confrelid = ANY($1::regclass[]))
       UNION ALL
       SELECT c.relname, 'trigger ' || g.tgname
         FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
        WHERE NOT g.tgisinternal AND g.tgrelid = ANY($1::regclass[])
       UNION ALL
       SELECT c.relname, 'sequence on ' || a.attname
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = ANY($1::regclass[]) AND a.attnum > 0 AND NOT a.attisdropped
          AND (a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%')`,
      [tables.map(live)],
    )) as { table: string; what: string }[];
    if (rows.length > 0)
      throw new Error(
        `Read tables cannot be rebuilt aside: ${rows.map((r) => `${r.table} has a ${r.what}`).join('; ')}`,
      );
  }

  /**
   * Drops the fresh tables' indexes that the replay never reads, and answers the statements that make them
   * again: search indexes (any kind but B-tree: trigram and the like) and the B-tree indexes projections
   * declare as serving pages only, none backing a constraint. Keeping an index up to date row by row through
   * a replay costs far more than building it once at the end.
   */
  private async setIndexesAside(
    runner: QueryRunner,
    schema: string,
    pageIndexes: readonly string[],
  ): Promise<string[]> {
    const rows = (await runner.query(
      `SELECT i.relname AS index, pg_get_indexdef(x.indexrelid) AS definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_am am ON am.oid = i.relam
         JOIN pg_namespace n ON n.oid = i.relnamespace
        WHERE n.nspname = $1 AND (am.amname <> 'btree' OR i.relname = ANY($2::text[]))
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
        ORDER BY i.relname`,
      [schema, pageIndexes],
    )) as { index: string; definition: string }[];
    const missing = pageIndexes.filter((name) => !rows.some((r) => r.index === name));
    if (missing.length > 0)
      throw new Error(`No read table has an index ${missing.join(', ')} apart from its constraints`);
    for (const { index } of rows) await runner.query(`DROP INDEX ${ident(schema)}.${ident(index)}`);
    return rows.map((r) => r.definition);
  }

  /** Empty copies of the read tables in a schema of their own, with the live tables' index names and grants. */
  private async createFreshTables(runner: QueryRunner, schema: string, tables: string[]): Promise<void> {
    await runner.startTransaction();
    try {
      await runner.query(`CREATE SCHEMA ${ident(schema)}`);
      for (const table of tables)
        await runner.query(
          `CREATE TABLE ${ident(schema)}.${ident(table)} (LIKE ${live(table)} INCLUDING ALL)`,
        );
      // LIKE copies no storage parameters; a table's room for updates in place (fillfactor) is one.
      const parameters = (await runner.query(
        `SELECT relname AS table, reloptions AS options FROM pg_class
          WHERE oid = ANY($1::regclass[]) AND reloptions IS NOT NULL`,
        [tables.map(live)],
      )) as { table: string; options: string[] }[];
      for (const { table, options } of parameters)
        await runner.query(`ALTER TABLE ${ident(schema)}.${ident(table)} SET (${options.join(', ')})`);
      // Whoever may read or write a live table may do the same with its copy.
      const grants = (await runner.query(
        `SELECT c.relname AS table, a.privilege_type AS privilege, a.is_grantable AS grantable,
                CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS grantee
           FROM pg_class c, aclexplode(c.relacl) a
          WHERE c.oid = ANY($1::regclass[]) AND a.grantee <> c.relowner`,
        [tables.map(live)],
      )) as { table: string; privilege: string; grantable: boolean; grantee: string }[];
      for (const g of grants)
        await runner.query(
          `GRANT ${g.privilege} ON ${ident(schema)}.${ident(g.table)} TO ${g.grantee}${g.grantable ? ' WITH GRANT OPTION' : ''}`,
        );
      const indexes = (await runner.query(
        `SELECT c.relname AS table, n.nspname AS schema, i.relname AS index,
                concat_ws(' ', CASE WHEN x.indisprimary THEN 'primary' END,
                          substring(pg_get_indexdef(x.indexrelid) from ' USING .*$')) AS shape
           FROM pg_index x
           JOIN pg_class i ON i.oid = x.indexrelid
           JOIN pg_class c ON c.oid = x.indrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('public', $1) AND c.relname = ANY($2)
          ORDER BY i.relname`,
        [schema, tables],
      )) as IndexRow[];
      const renames: { from: string; to: string }[] = [];
      for (const table of tables) {
        const live = indexes.filter((x) => x.schema === 'public' && x.table === table);
        const copies = indexes.filter((x) => x.schema === schema && x.table === table);
        for (const copy of copies) {
          const match = live.findIndex((x) => x.shape === copy.shape);
          if (match < 0) throw new Error(`The copy of ${table} has an index ${copy.index} the table lacks`);
          renames.push({ from: copy.index, to: live[match].index });
          live.splice(match, 1);
        }
        if (live.length > 0)
          throw new Error(`The copy of ${table} lacks the index ${live.map((x) => x.index).join(', ')}`);
      }
      // Through names of their own first, so that no rename meets a name another copy still holds.
      for (const [n, { from }] of renames.entries())
        await runner.query(
          `ALTER INDEX ${ident(schema)}.${ident(from)} RENAME TO ${ident(`rebuild_index_${n}`)}`,
        );
      for (const [n, { to }] of renames.entries())
        await runner.query(
          `ALTER INDEX ${ident(schema)}.${ident(`rebuild_index_${n}`)} RENAME TO ${ident(to)}`,
        );
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  }
}
