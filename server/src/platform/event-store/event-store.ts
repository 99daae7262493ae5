import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import type pg from 'pg';
import { preparedQuery } from '../database/prepared.js';
import { BatchedWrites, inline } from './batched-writes.js';
import { CommitGroups } from './commit-groups.js';
import { ConcurrencyError } from './concurrency.error.js';
import type { Decider } from './decider.js';
import type {
  AppendRequest,
  CommitRead,
  EventMetadata,
  ExpectedVersion,
  ImportedEvent,
  NewEvent,
  StoredEvent,
} from './event.types.js';
import { HeldConnection, onOwnConnection } from './held-connection.js';
import { LogGaps } from './log-gaps.js';
import { type Folded, StreamCache } from './stream-cache.js';
import { ProjectionRegistry } from './projection.registry.js';

interface EventRow {
  global_position: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
}

const COLUMNS = 'global_position, stream_type, stream_id, stream_version, type, data, metadata, created_at';
const COLUMNS_OF_E = COLUMNS.split(', ')
  .map((column) => `e.${column}`)
  .join(', ');
const UNIQUE_VIOLATION = '23505';
/** Two transactions each waiting on a row the other holds; the server rolls one back whole. */
const DEADLOCK_DETECTED = '40P01';

/** One stream's part of a command: the decider that owns the stream and what to ask it. */
export interface StreamCommand {
  // The decider's types are checked where the command is built (`streamCommand`), not in the list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  decider: Decider<any, any, NewEvent>;
  stream: { type: string; id: string };
  command: unknown;
  /** The version the caller saw, when it sends one; otherwise the version loaded now. */
  expectedVersion?: number;
  /**
   * Refuses (by throwing) a caller who may not act on the stream as it is: run on the state the command is
   * decided on, which the commit then proves current, so the check cannot act on a state that has moved.
   */
  guard?: (state: never) => void;
}

/** Builds a stream's part of a command, checking the command against its decider. */
export function streamCommand<State, Command, Event extends NewEvent>(
  decider: Decider<State, Command, Event>,
  stream: { type: string; id: string },
  command: Command,
  expectedVersion?: number,
  guard?: (state: State) => void,
): StreamCommand {
  return {
    decider: decider as unknown as StreamCommand['decider'],
    stream,
    command,
    expectedVersion,
    guard,
  };
}

/** A stream's state through its decider's evolve, with the version the stream is at. */
function folded<State, Event extends NewEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly StoredEvent[],
): { state: State; version: number } {
  const state = events.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
  return { state, version: events.length };
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.global_position),
    streamType: row.stream_type,
    streamId: row.stream_id,
    version: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}

function describe(expected: ExpectedVersion): string {
  return typeof expected === 'number' ? String(expected) : expected;
}

/** The conflict of an append whose check of a stream it holds found the stream moved (`STREAM_MOVED`). */
function movedError(list: AppendRequest[], error: { detail?: string }): ConcurrencyError {
  const found = JSON.parse(error.detail ?? '{}') as { type?: string; id?: string; found?: number };
  const request = list.find((r) => r.streamType === found.type && r.streamId === found.id) ?? list[0];
  return new ConcurrencyError(
    request.streamType,
    request.streamId,
    describe(request.expectedVersion),
    found.found ?? -1,
  );
}

/** One command's append: its streams' requests, who made it, and the read that answers it, if any. */
interface Append {
  list: AppendRequest[];
  metadata: EventMetadata;
  read?: CommitRead;
}

/** A committed append: the events it stored, and its read's rows (null without a read). */
interface Committed {
  events: StoredEvent[];
  rows: unknown[] | null;
}

/** A command's outcome on each of its streams: the state it leaves and the events it appended. */
export interface Outcome {
  state: unknown;
  events: StoredEvent[];
}

const streamKey = (type: string, id: string): string => `${type}:${id}`;
const streamKeys = (list: AppendRequest[]): string[] => list.map((r) => streamKey(r.streamType, r.streamId));

/** Commands decided on their streams: each one's request and the state it leaves, and every request. */
interface Decision {
  decisions: { command: StreamCommand; request: AppendRequest; loaded: Folded; state: unknown }[];
  requests: AppendRequest[];
}

/**
 * Whether an append writes, and names the version of every stream it writes or checks: such an append needs
 * no read before its statements, and can share a transaction with others.
 */
function atKnownVersions(list: AppendRequest[]): boolean {
  return list.some((r) => r.events.length > 0) && list.every((r) => r.expectedVersion !== 'any');
}

/** A stream an append holds without writing: its check, which fails the transaction if the stream moved. */
const STREAM_MOVED = 'HW409';

/** The version an append at a known version was decided at. */
function knownVersion(request: AppendRequest): number {
  return request.expectedVersion === 'no_stream' ? 0 : Number(request.expectedVersion);
}

/**
 * One append transaction at a time, across every instance of the product, held until it ends. Appends that
 * arrive meanwhile share the next transaction (`CommitGroups`), so under load the database commits several
 * per transaction and per round trip, while a lone append waits for nothing. Two append transactions at once
 * can meet on the read tables' shared rows (the clients' counts per broker and status) in opposite orders
 * once a transaction holds several appends, and a deadlock costs a second of the server's deadlock timeout:
 * at 16 connections of status changes, four groups at once on one instance made 185–234 commands/s with a
 * p99 over a second, and two instances each committing one group at a time 152–210/s; one transaction at a
 * time made 632–644/s against 349–462/s for a transaction per append.
 */
const ONE_APPEND_AT_A_TIME = 'SELECT pg_advisory_xact_lock(1701, 1)';
/**
 * Append transactions this instance keeps under way: more would only wait for the one above, and make smaller
 * groups. Two, the second waiting for its turn inside PostgreSQL, made 630–925 status changes/s against one's
 * 704–1,083 over three alternations, with a fifth more of PostgreSQL's CPU per command.
 */
const APPEND_TRANSACTIONS = 1;
/** Appends in one transaction at most. */
const APPENDS_PER_TRANSACTION = 16;
/**
 * Streams whose state is kept for deciding commands (`StreamCache`): the clients, forms and files a
 * brokerage works on in a day, a few kilobytes each. A command on a stream kept here reads nothing before
 * its append.
 */
const CACHED_STREAMS = 10_000;

/**
 * Wakes the processors of every instance (PostgreSQL NOTIFY), delivered when the append commits and never
 * if it rolls back. It carries the highest position appended, so a processor already past it reads nothing.
 * A transaction that notifies holds a server-wide lock while it commits; appends commit one at a time
 * anyway (`ONE_APPEND_AT_A_TIME`), so the notice travels with the commit instead of a round trip after it.
 */
function noticeOf(events: StoredEvent[]): string {
  return `NOTIFY events_appended, '${Math.max(...events.map((e) => e.position))}'`;
}

/** The statement of a request at a known version: its events' INSERT, or the check of a stream it holds. */
function statementOf(request: AppendRequest, metadata: EventMetadata): string {
  if (request.events.length > 0) {
    const { sql, values } = insertOf(request, knownVersion(request), metadata);
    return inline(sql, values);
  }
  return inline('SELECT events_expect_version($1, $2, $3)', [
    request.streamType,
    request.streamId,
    knownVersion(request),
  ]);
}

/** The INSERT of a request's events after `version`, the stream's version they were decided at. */
function insertOf(
  request: AppendRequest,
  version: number,
  metadata: EventMetadata,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const tuples = request.events.map((event, index) => {
    const base = values.length;
    values.push(
      request.streamType,
      request.streamId,
      version + index + 1,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(metadata),
    );
    return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}::jsonb, $${base + 6}::jsonb)`;
  });
  return {
    sql: `INSERT INTO events (stream_type, stream_id, stream_version, type, data, metadata) VALUES ${tuples.join(', ')} RETURNING ${COLUMNS}`,
    values,
  };
}

/**
 * The one way state changes: events are appended with the version the command was decided on, and the
 * inline projections update the read tables in the same transaction. Nothing here ever updates or
 * deletes an event (the database refuses it too).
 */
@Injectable()
export class EventStore implements BeforeApplicationShutdown {
  private readonly appended = new EventEmitter();
  private readonly gaps = new LogGaps();
  private readonly cache = new StreamCache(CACHED_STREAMS);
  private readonly groups = new CommitGroups<Append, Committed>({
    transactions: APPEND_TRANSACTIONS,
    largest: APPENDS_PER_TRANSACTION,
    keys: (append) => streamKeys(append.list),
    // Groups commit one at a time (`APPEND_TRANSACTIONS`), each on the connection kept for them.
    together: (appends) =>
      this.groupConnection.use((runner, client) => this.transaction(runner, client, appends)),
    alone: (append) => this.committed(append),
  });

  private readonly groupConnection: HeldConnection;

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionRegistry,
  ) {
    this.appended.setMaxListeners(50);
    this.groupConnection = new HeldConnection(dataSource);
  }

  /** The connection kept for commit groups goes back to the pool before the pool closes. */
  beforeApplicationShutdown(): Promise<void> {
    return this.groupConnection.close();
  }

  /** Called after every committed append in this process; processors use it to wake up early. */
  onAppended(listener: (events: StoredEvent[]) => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  async readStream(streamType: string, streamId: string, tx?: EntityManager): Promise<StoredEvent[]> {
    const sql = `SELECT ${COLUMNS} FROM events WHERE stream_type = $1 AND stream_id = $2 ORDER BY stream_version`;
    const rows: EventRow[] = tx
      ? await tx.query(sql, [streamType, streamId])
      : await preparedQuery<EventRow>(this.dataSource, sql, [streamType, streamId]);
    return rows.map(toStoredEvent);
  }

  /**
   * Several streams' events in one round trip, each in order: a command that spans streams (a batch of file
   * statuses) waits for one read, not one per stream.
   */
  async readStreams(streams: { type: string; id: string }[]): Promise<StoredEvent[][]> {
    if (streams.length === 1) return [await this.readStream(streams[0].type, streams[0].id)];
    const rows = await preparedQuery<EventRow & { n: string }>(
      this.dataSource,
      `SELECT k.n, ${COLUMNS_OF_E}
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(stream_type, stream_id, n)
         JOIN events e ON e.stream_type = k.stream_type AND e.stream_id = k.stream_id
        ORDER BY k.n, e.stream_version`,
      [streams.map((s) => s.type), streams.map((s) => s.id)],
    );
    const read = streams.map((): StoredEvent[] => []);
    for (const row of rows) read[Number(row.n) - 1].push(toStoredEvent(row));
    return read;
  }

  /** Loads a stream's state through a decider's evolve, with the version to append at. */
  async aggregate<State, Event extends NewEvent>(
    decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
    streamType: string,
    streamId: string,
  ): Promise<{ state: State; version: number }> {
    return folded(decider, await this.readStream(streamType, streamId));
  }

  /**
   * Runs a decider on a stream: loads it, decides, and appends at the loaded version (or the version the
   * caller saw, when it sends one), so a command decided on stale state is refused with a conflict.
   */
  async handle<State, Command, Event extends NewEvent>(
    decider: Decider<State, Command, Event>,
    stream: { type: string; id: string },
    command: Command,
    metadata: EventMetadata,
    options: { expectedVersion?: number; also?: AppendRequest[] } = {},
  ): Promise<{ state: State; events: StoredEvent[] }> {
    const [outcome] = await this.handleAll(
      [streamCommand(decider, stream, command, options.expectedVersion)],
      metadata,
      options.also,
    );
    return { state: outcome.state as State, events: outcome.events };
  }

  /**
   * The one command path for a change that spans streams (a client and their account; a form and its
   * successor; a phone number's reservation): every stream is loaded, its decider decides, and all the
   * events are appended in one transaction at the versions read. A stream whose decider decides nothing is
   * still held at its version, so a rule it guards cannot change underneath the others.
   */
  async handleAll(
    commands: StreamCommand[],
    metadata: EventMetadata,
    also: AppendRequest[] = [],
  ): Promise<Outcome[]> {
    return (await this.handled(commands, metadata, also)).outcomes;
  }

  /**
   * `handleAll`, answering also `read`'s rows as the commit leaves them, read in the commit's own last round
   * trip. The rows are null when the commands decided nothing, so no commit ran: the caller reads as usual.
   */
  async handleAllAndRead<Row>(
    commands: StreamCommand[],
    metadata: EventMetadata,
    read: CommitRead,
  ): Promise<{ outcomes: Outcome[]; rows: Row[] | null }> {
    const { outcomes, rows } = await this.handled(commands, metadata, [], read);
    return { outcomes, rows: rows as Row[] | null };
  }

  private async handled(
    commands: StreamCommand[],
    metadata: EventMetadata,
    also: AppendRequest[],
    read?: CommitRead,
  ): Promise<{ outcomes: Outcome[]; rows: unknown[] | null }> {
    const keys = commands.map((c) => streamKey(c.stream.type, c.stream.id));
    if (new Set(keys).size !== keys.length)
      throw new Error(`A command names a stream twice: ${keys.join(', ')}`);
    // A stream the caller names as new (expected version 0, such as one named by an id made for it) needs
    // no read: its state is the decider's initial one.
    const kept = commands.map(
      (c, index) =>
        this.cache.get(keys[index], c.decider) ??
        (c.expectedVersion === 0 ? { state: c.decider.initialState(), version: 0 } : undefined),
    );
    if (kept.some((entry) => entry !== undefined)) {
      // Streams kept here may lack what another instance appended since, and a stream named as new may
      // exist. A decision on them is trusted only when its append commits, which proves the versions
      // current; a refusal, a conflict or a decision to do nothing is made again on the streams as the
      // database has them.
      const decision = await this.decide(commands, also, kept).catch(() => null);
      if (decision?.requests.some((r) => r.events.length > 0)) {
        try {
          return await this.commit(decision, metadata, read);
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
        }
      }
      for (const key of keys) this.cache.forget(key);
    }
    return this.commit(await this.decide(commands, also), metadata, read);
  }

  /** Each command decided on its stream: as kept here where `kept` has it, otherwise as read now. */
  private async decide(
    commands: StreamCommand[],
    also: AppendRequest[],
    kept: (Folded | undefined)[] = [],
  ): Promise<Decision> {
    const unread = commands.filter((_, index) => !kept[index]);
    const read = unread.length > 0 ? await this.readStreams(unread.map((c) => c.stream)) : [];
    let next = 0;
    const loaded = commands.map((c, index) => kept[index] ?? folded(c.decider, read[next++]));
    const decisions = commands.map((c, index) => {
      const { state, version } = loaded[index];
      // Before the version, so a caller who may not act on the stream learns nothing of it.
      c.guard?.(state as never);
      if (c.expectedVersion !== undefined && c.expectedVersion !== version) {
        throw new ConcurrencyError(c.stream.type, c.stream.id, String(c.expectedVersion), version);
      }
      const events = c.decider.decide(c.command, state);
      const request: AppendRequest = {
        streamType: c.stream.type,
        streamId: c.stream.id,
        expectedVersion: version === 0 ? 'no_stream' : version,
        events,
      };
      return {
        command: c,
        request,
        loaded: loaded[index],
        state: events.reduce((s, e) => c.decider.evolve(s, e), state),
      };
    });
    return { decisions, requests: [...decisions.map((d) => d.request), ...also] };
  }

  /**
   * Appends what was decided, keeps each stream's new state for the next command on it, and answers each
   * command's state and events, with `read`'s rows when a commit ran.
   */
  private async commit(
    { decisions, requests }: Decision,
    metadata: EventMetadata,
    read?: CommitRead,
  ): Promise<{ outcomes: Outcome[]; rows: unknown[] | null }> {
    const keep = (d: Decision['decisions'][number], at: Folded): void =>
      this.cache.keep(streamKey(d.request.streamType, d.request.streamId), d.command.decider, at);
    if (!requests.some((r) => r.events.length > 0)) {
      for (const d of decisions) keep(d, d.loaded);
      return { outcomes: decisions.map((d) => ({ state: d.state, events: [] })), rows: null };
    }
    const { events: stored, rows } = await this.appendAll({ list: requests, metadata, read });
    const outcomes = decisions.map((d) => {
      const events = stored.filter(
        (e) => e.streamType === d.request.streamType && e.streamId === d.request.streamId,
      );
      keep(d, { state: d.state, version: d.loaded.version + events.length });
      return { state: d.state, events };
    });
    return { outcomes, rows };
  }

  async append(requests: AppendRequest | AppendRequest[], metadata: EventMetadata): Promise<StoredEvent[]> {
    const list = Array.isArray(requests) ? requests : [requests];
    return (await this.appendAll({ list, metadata })).events;
  }

  private async appendAll(append: Append): Promise<Committed> {
    const committed = atKnownVersions(append.list)
      ? await this.groups.commit(append)
      : await this.committed(append);
    if (committed.events.length > 0) {
      this.appended.emit('appended', committed.events);
    }
    return committed;
  }

  /** An append in a transaction of its own, its refusals turned into the store's errors. */
  private async committed(append: Append): Promise<Committed> {
    for (let attempt = 1; ; attempt++) {
      try {
        const [committed] = await this.inTransaction([append]);
        return committed;
      } catch (error) {
        const pgError = error as {
          code?: string;
          constraint?: string;
          detail?: string;
          driverError?: { code?: string; constraint?: string; detail?: string };
        };
        const code = pgError.driverError?.code ?? pgError.code;
        const constraint = pgError.driverError?.constraint ?? pgError.constraint;
        if (code === UNIQUE_VIOLATION && constraint === 'events_stream_version_unique') {
          const first = append.list[0];
          throw new ConcurrencyError(first.streamType, first.streamId, describe(first.expectedVersion), -1);
        }
        if (code === STREAM_MOVED) throw movedError(append.list, pgError.driverError ?? pgError);
        // Two appends whose read-table writes met in opposite orders: the server rolled one back whole, and
        // the same writes at the same versions are simply tried again.
        if (code === DEADLOCK_DETECTED && attempt < 3) continue;
        throw error;
      }
    }
  }

  /**
   * Writes a bulk load of streams decided elsewhere (the benchmark's generated brokerage) without the inline
   * projections, so `projections:rebuild` must follow. Each event carries the version its decider produced;
   * the unique stream version refuses one written twice, so the load cannot corrupt a stream.
   */
  async importDecided(events: ImportedEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.cache.clear();
    await this.dataSource.query(
      `INSERT INTO events (stream_type, stream_id, stream_version, type, data, metadata, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[], $7::timestamptz[])`,
      [
        events.map((e) => e.streamType),
        events.map((e) => e.streamId),
        events.map((e) => e.version),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
        events.map((e) => e.createdAt.toISOString()),
      ],
    );
  }

  /** An append transaction on a connection of its own from the pool: a lone append, or one of a failed group. */
  private inTransaction(appends: Append[]): Promise<Committed[]> {
    return onOwnConnection(this.dataSource, (runner, client) => this.transaction(runner, client, appends));
  }

  /**
   * An append transaction in two round trips: it begins by taking the turn (`ONE_APPEND_AT_A_TIME`) and
   * inserting the events, and the projections' writes and the appends' reads travel with the commit. Each
   * round trip to the database costs more than the statements in it, so a command's latency and the server's
   * capacity follow their number. A stream an append holds without writing is checked by a statement among
   * the inserts (`events_expect_version`); an append that must first read a stream's version (expected
   * version 'any') inserts in round trips of its own, and always alone.
   *
   * The turn is held until commit, so no other append runs meanwhile: a version checked then still holds at
   * commit, also for a stream the append only checks (no events). Several appends in one transaction (a
   * commit group) are inserted and projected in turn, as if each had committed just after the one before it;
   * their reads run once all are projected, so each sees the group as it commits, as a read right after the
   * commit would. It is rolled back on any failure; the connection is its owner's to give back.
   */
  private async transaction(
    runner: QueryRunner,
    client: pg.PoolClient,
    appends: Append[],
  ): Promise<Committed[]> {
    let open = false;
    try {
      open = true;
      const opening = ['BEGIN', ONE_APPEND_AT_A_TIME];
      const written: StoredEvent[][] = [];
      if (appends.every((a) => atKnownVersions(a.list))) {
        const statements = appends.flatMap(({ list, metadata }) => list.map((r) => statementOf(r, metadata)));
        const results = (await client.query(
          [...opening, ...statements].join(';\n'),
        )) as unknown as pg.QueryResult<EventRow>[];
        let next = opening.length;
        for (const { list } of appends) {
          // One result per request, in order; a check's row is not an event.
          written.push(
            list.flatMap((r, index) =>
              r.events.length > 0 ? results[next + index].rows.map(toStoredEvent) : [],
            ),
          );
          next += list.length;
        }
      } else {
        if (appends.length !== 1) throw new Error('Only appends at known versions are committed together');
        const [{ list, metadata }] = appends;
        await client.query(opening.join(';\n'));
        const stored: StoredEvent[] = [];
        for (const request of list)
          stored.push(...(await this.appendToStream(runner.manager, request, metadata)));
        written.push(stored);
      }
      const writes = new BatchedWrites(runner.manager);
      const events = written.flat();
      await this.projections.apply(events, writes.manager());
      const reads = appends.flatMap((a) => (a.read ? [a.read] : []));
      const answered = await writes.flush(
        events.length > 0 ? [noticeOf(events), 'COMMIT'] : ['COMMIT'],
        reads,
      );
      open = false;
      let next = 0;
      return appends.map((a, index) => ({
        events: written[index],
        rows: a.read ? answered[next++] : null,
      }));
    } catch (error) {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  private async currentVersion(tx: EntityManager, request: AppendRequest): Promise<number> {
    const [{ version }] = (await tx.query(
      'SELECT COALESCE(MAX(stream_version), 0)::int AS version FROM events WHERE stream_type = $1 AND stream_id = $2',
      [request.streamType, request.streamId],
    )) as { version: number }[];
    return version;
  }

  /** Appends a request's events at its expected version; a request without events only checks that version. */
  private async appendToStream(
    tx: EntityManager,
    request: AppendRequest,
    metadata: EventMetadata,
  ): Promise<StoredEvent[]> {
    if (request.events.length === 0 && request.expectedVersion === 'any') return [];
    const expected = request.expectedVersion;
    // Events at a known version need no read: the unique stream version refuses them if the stream moved.
    const version =
      request.events.length > 0 && expected !== 'any'
        ? expected === 'no_stream'
          ? 0
          : expected
        : await this.currentVersion(tx, request);
    const matches = expected === 'any' || (expected === 'no_stream' ? version === 0 : expected === version);
    if (!matches)
      throw new ConcurrencyError(request.streamType, request.streamId, describe(expected), version);
    if (request.events.length === 0) return [];

    const { sql, values } = insertOf(request, version, metadata);
    const rows: EventRow[] = await tx.query(sql, values);
    return rows.map(toStoredEvent);
  }

  /**
   * Reads the committed log after a position, in order and without skipping: appends commit concurrently,
   * so the read stops before a missing position that an append still in flight may hold, and passes one
   * that was rolled back (`LogGaps`). Only appends hold readers back, never other transactions on the server.
   */
  async readCommittedAfter(position: number, limit: number, tx?: EntityManager): Promise<StoredEvent[]> {
    const db = tx ?? this.dataSource.manager;
    const rows = await this.readAfter(position, limit, tx);
    const read: StoredEvent[] = [];
    let next = position + 1;
    for (const row of rows) {
      const event = toStoredEvent(row);
      if (event.position !== next && !(await this.gaps.settled(db, next, event.position - 1))) break;
      read.push(event);
      next = event.position + 1;
    }
    return read;
  }

  async readAll(afterPosition: number, limit: number, tx?: EntityManager): Promise<StoredEvent[]> {
    return (await this.readAfter(afterPosition, limit, tx)).map(toStoredEvent);
  }

  /** The log after a position; outside a transaction a prepared statement, since processors poll it. */
  private readAfter(position: number, limit: number, tx?: EntityManager): Promise<EventRow[]> {
    const sql = `SELECT ${COLUMNS} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2`;
    return tx
      ? tx.query(sql, [position, limit])
      : preparedQuery<EventRow>(this.dataSource, sql, [position, limit]);
  }
}
