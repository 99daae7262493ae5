import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { DataSource, type EntityManager } from 'typeorm';
import { ConcurrencyError } from './concurrency.error.js';
import type { Decider } from './decider.js';
import type { AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './event.types.js';
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
const UNIQUE_VIOLATION = '23505';

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

/**
 * The one way state changes: events are appended with the version the command was decided on, and the
 * inline projections update the read tables in the same transaction. Nothing here ever updates or
 * deletes an event (the database refuses it too).
 */
@Injectable()
export class EventStore {
  private readonly appended = new EventEmitter();

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionRegistry,
  ) {
    this.appended.setMaxListeners(50);
  }

  /** Called after every committed append in this process; processors use it to wake up early. */
  onAppended(listener: (events: StoredEvent[]) => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  async readStream(streamType: string, streamId: string, tx?: EntityManager): Promise<StoredEvent[]> {
    const rows: EventRow[] = await (tx ?? this.dataSource.manager).query(
      `SELECT ${COLUMNS} FROM events WHERE stream_type = $1 AND stream_id = $2 ORDER BY stream_version`,
      [streamType, streamId],
    );
    return rows.map(toStoredEvent);
  }

  /** Loads a stream's state through a decider's evolve, with the version to append at. */
  async aggregate<State, Event extends NewEvent>(
    decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
    streamType: string,
    streamId: string,
  ): Promise<{ state: State; version: number }> {
    const events = await this.readStream(streamType, streamId);
    const state = events.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
    return { state, version: events.length };
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
    const { state, version } = await this.aggregate(decider, stream.type, stream.id);
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new ConcurrencyError(stream.type, stream.id, String(options.expectedVersion), version);
    }
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, events: [] };
    const events = await this.append(
      [
        {
          streamType: stream.type,
          streamId: stream.id,
          expectedVersion: version === 0 ? 'no_stream' : version,
          events: decided,
        },
        ...(options.also ?? []),
      ],
      metadata,
    );
    const next = decided.reduce((s, e) => decider.evolve(s, e), state);
    return { state: next, events };
  }

  async append(requests: AppendRequest | AppendRequest[], metadata: EventMetadata): Promise<StoredEvent[]> {
    const list = Array.isArray(requests) ? requests : [requests];
    let stored: StoredEvent[];
    try {
      stored = await this.dataSource.transaction(async (tx) => {
        await this.lockStreams(tx, list);
        const written: StoredEvent[] = [];
        for (const request of list) written.push(...(await this.appendToStream(tx, request, metadata)));
        await this.projections.apply(written, tx);
        await tx.query(`SELECT pg_notify('events_appended', $1)`, [String(written.at(-1)?.position ?? 0)]);
        return written;
      });
    } catch (error) {
      const pgError = error as {
        code?: string;
        constraint?: string;
        driverError?: { code?: string; constraint?: string };
      };
      const code = pgError.driverError?.code ?? pgError.code;
      const constraint = pgError.driverError?.constraint ?? pgError.constraint;
      if (code === UNIQUE_VIOLATION && constraint === 'events_stream_version_unique') {
        const first = list[0];
        throw new ConcurrencyError(first.streamType, first.streamId, describe(first.expectedVersion), -1);
      }
      throw error;
    }
    if (stored.length > 0) this.appended.emit('appended', stored);
    return stored;
  }

  /**
   * Serialises appends per stream until commit, in one order so two appends cannot deadlock: a version
   * checked below then still holds at commit, also for a stream the append only checks (no events).
   */
  private async lockStreams(tx: EntityManager, list: AppendRequest[]): Promise<void> {
    const keys = [...new Set(list.map((r) => `${r.streamType}:${r.streamId}`))].sort();
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtextextended(k.key, 0))
         FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY k.n`,
      [keys],
    );
  }

  /** Appends a request's events at its expected version; a request without events only checks that version. */
  private async appendToStream(
    tx: EntityManager,
    request: AppendRequest,
    metadata: EventMetadata,
  ): Promise<StoredEvent[]> {
    if (request.events.length === 0 && request.expectedVersion === 'any') return [];
    const [{ version }] = (await tx.query(
      'SELECT COALESCE(MAX(stream_version), 0)::int AS version FROM events WHERE stream_type = $1 AND stream_id = $2',
      [request.streamType, request.streamId],
    )) as { version: number }[];
    const expected = request.expectedVersion;
    const matches = expected === 'any' || (expected === 'no_stream' ? version === 0 : expected === version);
    if (!matches)
      throw new ConcurrencyError(request.streamType, request.streamId, describe(expected), version);
    if (request.events.length === 0) return [];

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
    const rows: EventRow[] = await tx.query(
      `INSERT INTO events (stream_type, stream_id, stream_version, type, data, metadata) VALUES ${tuples.join(', ')} RETURNING ${COLUMNS}`,
      values,
    );
    return rows.map(toStoredEvent);
  }

  /**
   * Reads the committed log after a position. Every insert into `events` takes one lock before drawing its
   * positions and holds it until commit (a trigger), so positions become visible in order: nothing can
   * commit later below a position already seen, and no transaction elsewhere on the server holds readers back.
   */
  async readCommittedAfter(position: number, limit: number, tx?: EntityManager): Promise<StoredEvent[]> {
    const rows: EventRow[] = await (tx ?? this.dataSource.manager).query(
      `SELECT ${COLUMNS} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
      [position, limit],
    );
    return rows.map(toStoredEvent);
  }

  async readAll(afterPosition: number, limit: number, tx?: EntityManager): Promise<StoredEvent[]> {
    const rows: EventRow[] = await (tx ?? this.dataSource.manager).query(
      `SELECT ${COLUMNS} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
      [afterPosition, limit],
    );
    return rows.map(toStoredEvent);
  }
}
