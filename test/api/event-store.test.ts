import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { DataSource, type QueryRunner } from 'typeorm';
import { BatchedWrites } from '../../server/src/platform/event-store/batched-writes.js';
import { CopyPlan } from '../../server/src/platform/event-store/copy-rows.js';
import { ConcurrencyError } from '../../server/src/platform/event-store/concurrency.error.js';
import type { Decider } from '../../server/src/platform/event-store/decider.js';
import { DomainError } from '../../server/src/platform/domain/domain-error.js';
import {
  EventProcessorRunner,
  type EventProcessor,
} from '../../server/src/platform/event-store/event-processor.js';
import { EventStore, streamCommand } from '../../server/src/platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../../server/src/platform/event-store/event.types.js';
import { ProjectionRebuilder } from '../../server/src/platform/event-store/projection.rebuilder.js';
import { ProjectionRegistry } from '../../server/src/platform/event-store/projection.registry.js';
import { describeReadTables, dumpReadTables } from '../support/read-tables.js';
import { createTestDatabase } from '../support/test-database.js';
import { bearer, PHONES, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let store: EventStore;
let db: DataSource;
beforeAll(async () => {
  t = await startTestApp();
  store = t.app.get(EventStore);
  db = t.app.get(DataSource);
});
afterAll(() => t.close());

const note = (text: string) => ({ type: 'test.noted', data: { text } });
/** Opens a test stream with one event per text. */
const openStream = (id: string, ...texts: string[]) =>
  store.append(
    { streamType: 'test', streamId: id, expectedVersion: 'no_stream', events: texts.map(note) },
    SYSTEM_METADATA,
  );

describe('appending', () => {
  it('appends events with increasing versions and reads the stream back in order', async () => {
    await store.append(
      { streamType: 'test', streamId: 'a', expectedVersion: 'no_stream', events: [note('one'), note('two')] },
      SYSTEM_METADATA,
    );
    await store.append(
      { streamType: 'test', streamId: 'a', expectedVersion: 2, events: [note('three')] },
      SYSTEM_METADATA,
    );
    const events = await store.readStream('test', 'a');
    expect(events.map((e) => [e.version, (e.data as { text: string }).text])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    expect(events[0].position).toBeLessThan(events[2].position);
  });

  it('reads several streams in one read, each in order, and a stream with no events as empty', async () => {
    await store.append(
      [
        {
          streamType: 'test',
          streamId: 'many-1',
          expectedVersion: 'no_stream',
          events: [note('x'), note('y')],
        },
        { streamType: 'test', streamId: 'many-2', expectedVersion: 'no_stream', events: [note('z')] },
      ],
      SYSTEM_METADATA,
    );
    const read = await store.readStreams([
      { type: 'test', id: 'many-2' },
      { type: 'test', id: 'never-written' },
      { type: 'test', id: 'many-1' },
    ]);
    expect(read.map((events) => events.map((e) => (e.data as { text: string }).text))).toEqual([
      ['z'],
      [],
      ['x', 'y'],
    ]);
  });

  it('refuses a command decided on a stale version and writes nothing', async () => {
    await openStream('b', 'first');
    const before = (await db.query('SELECT count(*)::int AS n FROM events'))[0].n;
    await expect(
      store.append(
        [
          {
            streamType: 'test',
            streamId: 'other',
            expectedVersion: 'no_stream',
            events: [note('would be written with it')],
          },
          { streamType: 'test', streamId: 'b', expectedVersion: 'no_stream', events: [note('stale')] },
        ],
        SYSTEM_METADATA,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await db.query('SELECT count(*)::int AS n FROM events'))[0].n).toBe(before);
  });

  it('lets exactly one of two concurrent appends at the same version win', async () => {
    await openStream('race', 'start');
    const results = await Promise.allSettled(
      ['left', 'right', 'middle'].map((side) =>
        store.append(
          { streamType: 'test', streamId: 'race', expectedVersion: 1, events: [note(side)] },
          SYSTEM_METADATA,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await store.readStream('test', 'race')).toHaveLength(2);
  });

  it('commits appends that arrive together in shared transactions, each with its own versions and actor', async () => {
    const streams = Array.from({ length: 12 }, (_, i) => `together-${i}`);
    const stored = await Promise.all(
      streams.map((id, i) =>
        store.append(
          {
            streamType: 'test',
            streamId: id,
            expectedVersion: 'no_stream',
            events: [note(id), note(`${id}+`)],
          },
          { actorId: null, actorRole: 'system', requestId: `request-${i}` },
        ),
      ),
    );
    stored.forEach((events, i) => {
      expect(events.map((e) => [e.streamId, e.version, e.metadata.requestId])).toEqual([
        [streams[i], 1, `request-${i}`],
        [streams[i], 2, `request-${i}`],
      ]);
    });
    const rows: { stream_id: string; request_id: string; transaction_id: string }[] = await db.query(
      `SELECT stream_id, metadata->>'requestId' AS request_id, transaction_id::text AS transaction_id
         FROM events WHERE stream_type = 'test' AND stream_id = ANY($1)`,
      [streams],
    );
    expect(rows).toHaveLength(24);
    for (const row of rows) expect(row.request_id).toBe(`request-${streams.indexOf(row.stream_id)}`);
    const transactions = new Set(rows.map((r) => r.transaction_id));
    expect(transactions.size).toBeGreaterThan(1);
    expect(transactions.size).toBeLessThan(streams.length);
  });

  it('refuses only the stale append of those arriving together, and commits the others', async () => {
    await openStream('together-stale', 'first');
    const ids = ['together-a', 'together-b', 'together-stale', 'together-c', 'together-d'];
    const results = await Promise.allSettled(
      ids.map((id) =>
        store.append(
          { streamType: 'test', streamId: id, expectedVersion: 'no_stream', events: [note(id)] },
          SYSTEM_METADATA,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const read = await store.readStreams(ids.map((id) => ({ type: 'test', id })));
    expect(read.map((events) => events.map((e) => (e.data as { text: string }).text))).toEqual([
      ['together-a'],
      ['together-b'],
      ['first'],
      ['together-c'],
      ['together-d'],
    ]);
  });

  it('commits one append transaction at a time across instances: an append waits while another holds the turn', async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(1701, 1)');
      let committed = false;
      const append = openStream('waits-its-turn', 'waited').then(() => (committed = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(committed).toBe(false);
      await other.query('COMMIT');
      await append;
      expect(await store.readStream('test', 'waits-its-turn')).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it('tells other instances of an append when it commits, with the position appended, and never of one refused', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (notice) => heard.push(notice.payload ?? ''));
    await listener.query('LISTEN events_appended');
    try {
      const [first] = await openStream('told', 'first');
      await expect(openStream('told', 'again')).rejects.toBeInstanceOf(ConcurrencyError);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toContain(String(first.position));
      // Every notice names an event that exists: the refused append's position was rolled back with it.
      const [{ n }] = (await db.query(
        'SELECT count(*)::int AS n FROM events WHERE global_position = ANY($1::bigint[])',
        [heard],
      )) as { n: number }[];
      expect(n).toBe(heard.length);
    } finally {
      await listener.end();
    }
  });

  it('lets only one of three racing refreshes of one token rotate it', async () => {
    const { refresh } = await t.login(PHONES.broker);
    const answers = await Promise.all([1, 2, 3].map(() => t.refresh(refresh)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(2);
  });
});

/** A light switch: turning it to where it is decides nothing, and a switch taken out refuses every turn. */
type SwitchEvent =
  | { type: 'test.switched'; data: { on: boolean; turns: number } }
  | { type: 'test.removed'; data: Record<string, never> }
  | { type: 'test.refitted'; data: Record<string, never> };
interface SwitchState {
  on: boolean;
  turns: number;
  removed: boolean;
}
const lightSwitch: Decider<SwitchState, { type: 'Turn'; on: boolean }, SwitchEvent> = {
  initialState: () => ({ on: false, turns: 0, removed: false }),
  evolve: (state, event) => {
    if (event.type === 'test.switched') return { ...state, on: event.data.on, turns: event.data.turns };
    return { ...state, removed: event.type === 'test.removed' };
  },
  decide: (command, state) => {
    if (state.removed) throw DomainError.conflict('removed', 'This switch was taken out.');
    if (state.on === command.on) return [];
    return [{ type: 'test.switched', data: { on: command.on, turns: state.turns + 1 } }];
  },
};

describe('deciding on the streams this instance worked on last', () => {
  const turn = (id: string, on: boolean, expectedVersion?: number) =>
    store.handle(lightSwitch, { type: 'switch', id }, { type: 'Turn', on }, SYSTEM_METADATA, {
      expectedVersion,
    });
  /** What another instance of the product appends meanwhile, unseen by this one. */
  const appendElsewhere = async (id: string, type: string, data: object) => {
    const [{ version }] = (await db.query(
      `SELECT COALESCE(max(stream_version), 0)::int AS version FROM events WHERE stream_type = 'switch' AND stream_id = $1`,
      [id],
    )) as { version: number }[];
    await db.query(
      `INSERT INTO events (stream_type, stream_id, stream_version, type, data, metadata) VALUES ('switch', $1, $2, $3, $4, '{}')`,
      [id, version + 1, type, JSON.stringify(data)],
    );
  };
  const turns = async (id: string) =>
    (await store.readStream('switch', id)).map((e) => (e.data as { on?: boolean }).on);

  it('decides a command again on the stream as stored when another instance appended to it meanwhile', async () => {
    await turn('hall', true);
    await turn('hall', false);
    await appendElsewhere('hall', 'test.switched', { on: true, turns: 3 });
    const { events, state } = await turn('hall', false);
    expect(events.map((e) => [e.version, e.data])).toEqual([[4, { on: false, turns: 4 }]]);
    expect(state).toEqual({ on: false, turns: 4, removed: false });
    expect(await turns('hall')).toEqual([true, false, true, false]);
  });

  it('does not take a decision to do nothing on a state another instance has changed since', async () => {
    await turn('porch', true);
    await appendElsewhere('porch', 'test.switched', { on: false, turns: 2 });
    const { events } = await turn('porch', true);
    expect(events.map((e) => e.version)).toEqual([3]);
    expect(await turns('porch')).toEqual([true, false, true]);
  });

  it('does not refuse a command because of a state another instance has changed since', async () => {
    await turn('attic', true);
    await appendElsewhere('attic', 'test.removed', {});
    await expect(turn('attic', false)).rejects.toThrow('This switch was taken out.');
    await appendElsewhere('attic', 'test.refitted', {});
    const { events } = await turn('attic', false);
    expect(events.map((e) => e.version)).toEqual([4]);
  });

  it('accepts the version the caller saw when it is the stored one, and refuses an older one', async () => {
    await turn('cellar', true);
    await appendElsewhere('cellar', 'test.switched', { on: false, turns: 2 });
    await expect(turn('cellar', false, 1)).rejects.toBeInstanceOf(ConcurrencyError);
    const { events } = await turn('cellar', true, 2);
    expect(events.map((e) => e.version)).toEqual([3]);
  });

  it('decides on a stream named as new without reading it, and refuses it when the stream exists', async () => {
    const reads = jest.spyOn(store, 'readStreams');
    try {
      const { events } = await turn('shed', true, 0);
      expect(events.map((e) => e.version)).toEqual([1]);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    await expect(turn('shed', false, 0)).rejects.toBeInstanceOf(ConcurrencyError);
    await appendElsewhere('barn', 'test.switched', { on: true, turns: 1 });
    await expect(turn('barn', false, 0)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await turns('shed')).toEqual([true]);
    expect(await turns('barn')).toEqual([true]);
  });

  describe("a caller's right checked on the state the command is decided on", () => {
    /** Only a switch that is on may be turned by this caller; otherwise there is none to them. */
    const whileOn = (state: SwitchState): void => {
      if (!state.on) throw DomainError.notFound('There is no such switch.');
    };
    const guardedTurn = (id: string, on: boolean, expectedVersion?: number) =>
      store.handleAll(
        [streamCommand(lightSwitch, { type: 'switch', id }, { type: 'Turn', on }, expectedVersion, whileOn)],
        SYSTEM_METADATA,
      );

    it('refuses when another instance changed the state it was kept in since, and appends nothing', async () => {
      await turn('lobby', true);
      await appendElsewhere('lobby', 'test.switched', { on: false, turns: 2 });
      await expect(guardedTurn('lobby', false)).rejects.toThrow('There is no such switch.');
      // Refused before the version is compared: a stale version tells the caller nothing either.
      await expect(guardedTurn('lobby', false, 1)).rejects.toThrow('There is no such switch.');
      expect(await turns('lobby')).toEqual([true, false]);
    });

    it('lets the command through when the state as stored allows it, though the state kept here did not', async () => {
      await turn('foyer', true);
      await turn('foyer', false);
      await appendElsewhere('foyer', 'test.switched', { on: true, turns: 3 });
      const [{ events }] = await guardedTurn('foyer', false);
      expect(events.map((e) => e.version)).toEqual([4]);
      expect(await turns('foyer')).toEqual([true, false, true, false]);
    });
  });

  describe('a read that answers a command, sent with its commit', () => {
    /** The switch's events as the transaction sees them: its own append included, before COMMIT. */
    const seen = (id: string) => ({
      sql: `SELECT $1::text AS id, count(*)::int AS events FROM events WHERE stream_type = 'switch' AND stream_id = $1`,
      parameters: [id],
    });
    const turnAndRead = (id: string, on: boolean) =>
      store.handleAllAndRead<{ id: string; events: number }>(
        [streamCommand(lightSwitch, { type: 'switch', id }, { type: 'Turn', on })],
        SYSTEM_METADATA,
        seen(id),
      );

    it('sees what the command appended, in the same transaction', async () => {
      await turn('study', true);
      const { outcomes, rows } = await turnAndRead('study', false);
      expect(outcomes[0].events.map((e) => e.version)).toEqual([2]);
      expect(rows).toEqual([{ id: 'study', events: 2 }]);
    });

    it('answers no rows when the command decides nothing, so no commit ran', async () => {
      await turn('pantry', true);
      const { outcomes, rows } = await turnAndRead('pantry', true);
      expect(outcomes[0].events).toEqual([]);
      expect(rows).toBeNull();
    });

    it("answers each of the commands committed together with its own read's rows", async () => {
      const ids = Array.from({ length: 10 }, (_, i) => `terrace-${i}`);
      const answered = await Promise.all(ids.map((id) => turnAndRead(id, true)));
      expect(answered.map((a) => a.rows)).toEqual(ids.map((id) => [{ id, events: 1 }]));
      const [{ transactions }] = (await db.query(
        `SELECT count(DISTINCT transaction_id)::int AS transactions FROM events WHERE stream_type = 'switch' AND stream_id = ANY($1)`,
        [ids],
      )) as { transactions: number }[];
      expect(transactions).toBeLessThan(ids.length);
    });

    it('fails the command when the server refuses its read, and appends nothing', async () => {
      await expect(
        store.handleAllAndRead(
          [streamCommand(lightSwitch, { type: 'switch', id: 'loft' }, { type: 'Turn', on: true })],
          SYSTEM_METADATA,
          { sql: 'SELECT 1 / $1::int AS never', parameters: [0] },
        ),
      ).rejects.toThrow(/division by zero/);
      expect(await turns('loft')).toEqual([]);
    });
  });

  it('reads a stream it worked on a moment ago from memory, not from the database', async () => {
    await turn('garage', true);
    const reads = jest.spyOn(store, 'readStreams');
    try {
      await turn('garage', false);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    expect(await turns('garage')).toEqual([true, false]);
  });
});

describe('immutability', () => {
  it('has the database refuse to update, delete or truncate events', async () => {
    await expect(db.query(`UPDATE events SET data = '{}'::jsonb`)).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM events')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE events')).rejects.toThrow(/append-only/);
    expect((await db.query('SELECT count(*)::int AS n FROM events'))[0].n).toBeGreaterThan(0);
  });
});

describe('reading the log after commit', () => {
  it('never reads past a transaction that is still open, so a late commit is not skipped', async () => {
    const head = Number((await db.query('SELECT COALESCE(MAX(global_position), 0) AS p FROM events'))[0].p);
    const slow = new pg.Client({ connectionString: t.databaseUrl });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO events (stream_type, stream_id, stream_version, type, data) VALUES ('test', 'slow', 1, 'test.noted', '{"text":"slow"}')`,
      );
      // A later append does not wait for the open one, but readers do not pass the position it holds.
      await openStream('fast', 'fast');
      expect(await store.readCommittedAfter(head, 100)).toEqual([]);
      await slow.query('COMMIT');
      const seen = await store.readCommittedAfter(head, 100);
      expect(seen.map((e) => e.streamId)).toEqual(['slow', 'fast']);
    } finally {
      await slow.end();
    }
  });

  it('passes the position of an append that rolled back, once it has ended', async () => {
    const head = Number((await db.query('SELECT COALESCE(MAX(global_position), 0) AS p FROM events'))[0].p);
    const undone = new pg.Client({ connectionString: t.databaseUrl });
    await undone.connect();
    try {
      await undone.query('BEGIN');
      await undone.query(
        `INSERT INTO events (stream_type, stream_id, stream_version, type, data) VALUES ('test', 'undone', 1, 'test.noted', '{"text":"undone"}')`,
      );
      await openStream('after-undone', 'kept');
      expect(await store.readCommittedAfter(head, 100)).toEqual([]);
      await undone.query('ROLLBACK');
      // Other appends of the running product may be in flight at that moment: the gap is passed once they end.
      let seen: string[] = [];
      for (let tries = 0; tries < 100 && seen.length === 0; tries++) {
        seen = (await store.readCommittedAfter(head, 100)).map((e) => e.streamId);
        if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toEqual(['after-undone']);
    } finally {
      await undone.end();
    }
  });

  it('is not held back by a transaction left open in another database of the same server', async () => {
    const scratch = await createTestDatabase();
    const idle = new pg.Client({ connectionString: scratch.url });
    await idle.connect();
    try {
      await idle.query('BEGIN');
      await idle.query('SELECT txid_current()');
      const head = Number((await db.query('SELECT COALESCE(MAX(global_position), 0) AS p FROM events'))[0].p);
      await openStream('while-idle', 'seen');
      const seen = await store.readCommittedAfter(head, 100);
      expect(seen.map((e) => e.streamId)).toEqual(['while-idle']);
    } finally {
      await idle.query('ROLLBACK');
      await idle.end();
      await scratch.drop();
    }
  });
});

describe('processors', () => {
  it('pass over an event that keeps failing, so the events after it are still handled', async () => {
    const runner = t.app.get(EventProcessorRunner);
    const head = Number((await db.query('SELECT COALESCE(MAX(global_position), 0) AS p FROM events'))[0].p);
    let tries = 0;
    const handled: string[] = [];
    const processor: EventProcessor = {
      name: 'test-poisoned',
      durable: false,
      async handle(event) {
        if (event.position <= head) return;
        if (event.type === 'test.poison') {
          tries++;
          throw new Error('cannot handle this one');
        }
        handled.push(event.type);
      },
    };
    runner.register(processor);
    await store.append(
      {
        streamType: 'test',
        streamId: 'poisoned',
        expectedVersion: 'no_stream',
        events: [{ type: 'test.poison', data: {} }, note('after')],
      },
      SYSTEM_METADATA,
    );
    // Each drain tries once more; a failing event is passed over after a bounded number of tries.
    for (let round = 0; round < 20 && !handled.includes('test.noted'); round++) await runner.drain();
    expect(handled).toContain('test.noted');
    expect(tries).toBeGreaterThan(1);
  });
});

/** Schemas a rebuild made for its fresh tables and left behind. */
async function rebuildSchemasLeft(): Promise<number> {
  const [{ n }] = (await db.query(
    `SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'projections_rebuild_%'`,
  )) as { n: number }[];
  return n;
}

describe('rebuilding read tables', () => {
  it('reproduces every read table exactly from the events alone', async () => {
    // Fill the store through the API: sign-ins, refreshes, a reset with its text message, a password change.
    const { access, refresh } = await t.login(PHONES.assistant);
    await t.refresh(refresh);
    await t.http().post('/auth/api/v3/auth/reset_password/').send({ phone_number: PHONES.customer });
    await t.drain();
    await t.http().patch('/auth/api/v3/users/me/').set(bearer(access)).send({ password: 'Another#pass2026' });
    await t.drain();

    const before = await dumpReadTables(t);
    expect(before.users.length).toBeGreaterThanOrEqual(4);
    expect(before.activity_log.length).toBeGreaterThan(0);
    expect(before.refresh_sessions.length).toBeGreaterThan(0);
    expect(before.messages_sent.length).toBeGreaterThan(0);

    // A storage parameter set on a live table, as an operator might, comes back too.
    await db.query('ALTER TABLE notes SET (fillfactor = 90)');
    const shape = await describeReadTables(t);
    expect(shape[3]).toEqual([{ relname: 'notes', reloptions: ['fillfactor=90'] }]);
    await db.query('UPDATE users SET first_name = $1', ['Corrupted']);
    await db.query('DELETE FROM activity_log');
    await t.app.get(ProjectionRebuilder).rebuild();
    expect(await dumpReadTables(t)).toEqual(before);
    // The fresh tables took the place of the old ones under the same names, indexes and constraints included.
    expect(await describeReadTables(t)).toEqual(shape);
    expect(await rebuildSchemasLeft()).toBe(0);
  });

  it('keeps answering reads and writes while it runs, and the rebuilt tables include those writes', async () => {
    const { access } = await t.login(PHONES.principalBroker);
    const [client] = await db.query(
      `SELECT id FROM customers WHERE status = 'active' ORDER BY created_at LIMIT 1`,
    );
    let midway!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (midway = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    const rebuilding = t.app.get(ProjectionRebuilder).rebuild({
      batchSize: 3,
      progressEvery: 3,
      onProgress: async ({ events, done }) => {
        seen.push(events);
        if (seen.length === 1 && !done) {
          midway();
          await released;
        }
      },
    });
    await reachedMidway;
    try {
      const changed = await t
        .http()
        .patch(`/core/api/v3/customers/${client.id}/`)
        .set(bearer(access))
        .send({ status: 'cancelled' });
      expect(changed.status).toBe(200);
      const read = await t.http().get(`/core/api/v3/customers/${client.id}/`).set(bearer(access));
      expect([read.status, read.body.data.status]).toEqual([200, 'cancelled']);
      expect((await t.http().get('/core/api/v3/customers/').set(bearer(access))).status).toBe(200);
      await t.drain();
    } finally {
      release();
    }
    const expected = await dumpReadTables(t);
    const shape = await describeReadTables(t);
    const { events } = await rebuilding;

    const [{ total }] = await db.query('SELECT count(*)::int AS total FROM events');
    expect(events).toBe(total);
    expect(seen.length).toBeGreaterThan(2);
    expect(await dumpReadTables(t)).toEqual(expected);
    expect(await describeReadTables(t)).toEqual(shape);
    const [row] = await db.query('SELECT status FROM customers WHERE id = $1', [client.id]);
    expect(row.status).toBe('cancelled');
  });

  it('refuses a page index that no read table has, and leaves the read tables as they were', async () => {
    const notes = t.app
      .get(ProjectionRegistry)
      .list()
      .find((p) => p.name === 'notes') as { pageIndexes: readonly string[] };
    const declared = notes.pageIndexes;
    const before = await dumpReadTables(t);
    const shape = await describeReadTables(t);
    notes.pageIndexes = [...declared, 'notes_by_author_idx'];
    try {
      await expect(t.app.get(ProjectionRebuilder).rebuild()).rejects.toThrow(
        'No read table has an index notes_by_author_idx apart from its constraints',
      );
    } finally {
      notes.pageIndexes = declared;
    }
    expect(await dumpReadTables(t)).toEqual(before);
    expect(await describeReadTables(t)).toEqual(shape);
    expect(await rebuildSchemasLeft()).toBe(0);
  });

  it('refuses to run twice at once', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = t.app.get(ProjectionRebuilder).rebuild({
      batchSize: 10,
      progressEvery: 10,
      onProgress: async ({ done }) => {
        if (done) return;
        started();
        await released;
      },
    });
    await running;
    await expect(t.app.get(ProjectionRebuilder).rebuild()).rejects.toThrow(/Another rebuild/);
    release();
    await first;
  });
});

describe('projection writes sent in batches', () => {
  /** Runs `work` in a transaction of its own connection, its writes batched (and copied, given a plan). */
  async function inBatchedTransaction(
    work: (writes: BatchedWrites, runner: QueryRunner) => Promise<void>,
    plan?: CopyPlan,
  ): Promise<void> {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await work(new BatchedWrites(runner.manager, plan), runner);
    } finally {
      await runner.release();
    }
  }
  it('sends a write the server cannot prepare as it is, and the writes before and after it still apply', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS batched_probe (id text PRIMARY KEY, n int NOT NULL)');
    await inBatchedTransaction(async (writes) => {
      const tx = writes.manager();
      await tx.query(
        'INSERT INTO batched_probe (id, n) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET n = $2',
        ['a', 1],
      );
      // Nothing tells the type of $2: the server refuses to prepare this shape.
      await tx.query('UPDATE batched_probe SET n = n + 1 WHERE id = $1 AND $2 IS NULL', ['a', null]);
      await tx.query('UPDATE batched_probe SET n = n * $2 WHERE id = $1', ['a', 10]);
      await writes.flush(['COMMIT']);
    });
    expect(await db.query('SELECT n FROM batched_probe WHERE id = $1', ['a'])).toEqual([{ n: 20 }]);
    await db.query('DROP TABLE batched_probe');
  });

  it('writes many single-row inserts with COPY, in order with every statement that names their table', async () => {
    await db.query(
      'CREATE TABLE copy_probe (id int PRIMARY KEY, label text, data jsonb, at timestamptz, raw bytea, kind text)',
    );
    const plan = new CopyPlan(
      new Map([
        [
          'copy_probe',
          new Map([
            ['id', 'integer'],
            ['label', 'text'],
            ['data', 'jsonb'],
            ['at', 'timestamp with time zone'],
            ['raw', 'bytea'],
            ['kind', 'text'],
          ]),
        ],
      ]),
    );
    const insert = `INSERT INTO copy_probe (id, label, data, at, raw, kind) VALUES ($1, $2, $3::jsonb, $4, $5, 'copied')`;
    const label = (id: number) => `row ${id}: tab\there, line\nthere, back\\slash, quote's, \\N`;
    const at = new Date('2026-03-04T05:06:07.089Z');
    await inBatchedTransaction(async (writes) => {
      const tx = writes.manager();
      for (let id = 1; id <= 120; id++)
        await tx.query(insert, [
          id,
          label(id),
          { id, text: 'é "q"' },
          at,
          Buffer.from([id, 0, 255]),
          undefined,
        ]);
      // Names the table: the rows held back are written first, so it sees all 120.
      await tx.query(`UPDATE copy_probe SET kind = 'updated' WHERE id <= $1`, [60]);
      const [{ n }] = (await tx.query('SELECT count(*)::int AS n FROM copy_probe')) as { n: number }[];
      expect(n).toBe(120);
      // Few rows travel as one INSERT; a NULL label is kept.
      for (let id = 121; id <= 123; id++) await tx.query(insert, [id, null, null, null, null]);
      await writes.flush(['COMMIT']);
    }, plan);
    const rows = (await db.query('SELECT id, label, data, at, raw, kind FROM copy_probe ORDER BY id')) as {
      id: number;
      label: string | null;
      data: unknown;
      at: Date | null;
      raw: Buffer | null;
      kind: string;
    }[];
    expect(rows).toHaveLength(123);
    expect(rows[0]).toEqual({
      id: 1,
      label: label(1),
      data: { id: 1, text: 'é "q"' },
      at,
      raw: Buffer.from([1, 0, 255]),
      kind: 'updated',
    });
    expect(rows[119].kind).toBe('copied');
    expect(rows[122]).toEqual({ id: 123, label: null, data: null, at: null, raw: null, kind: 'copied' });
    await db.query('DROP TABLE copy_probe');
  });

  it('answers reads sent after the writes, seeing them, before the statements that end the trip', async () => {
    await db.query('CREATE TABLE read_probe (id text PRIMARY KEY, n int NOT NULL)');
    await inBatchedTransaction(async (writes) => {
      const tx = writes.manager();
      await tx.query('INSERT INTO read_probe (id, n) VALUES ($1, $2)', ['a', 1]);
      await tx.query('UPDATE read_probe SET n = n + $2 WHERE id = $1', ['a', 41]);
      const answered = await writes.flush(
        ['COMMIT'],
        [
          { sql: 'SELECT id, n FROM read_probe WHERE id = $1', parameters: ['a'] },
          { sql: 'SELECT count(*)::int AS rows FROM read_probe WHERE n > $1', parameters: [100] },
        ],
      );
      expect(answered).toEqual([[{ id: 'a', n: 42 }], [{ rows: 0 }]]);
    });
    expect(await db.query('SELECT n FROM read_probe')).toEqual([{ n: 42 }]);
    await db.query('DROP TABLE read_probe');
  });

  it('fails the transaction on rows the server refuses in a COPY, and the connection goes on', async () => {
    await db.query('CREATE TABLE copy_refused (id int PRIMARY KEY)');
    const plan = new CopyPlan(new Map([['copy_refused', new Map([['id', 'integer']])]]));
    await inBatchedTransaction(async (writes, runner) => {
      const tx = writes.manager();
      for (let i = 0; i < 100; i++) await tx.query('INSERT INTO copy_refused (id) VALUES ($1)', [i % 60]);
      await expect(writes.flush()).rejects.toThrow(/duplicate key/);
      await runner.rollbackTransaction();
      expect(await runner.query('SELECT count(*)::int AS n FROM copy_refused')).toEqual([{ n: 0 }]);
    }, plan);
    await db.query('DROP TABLE copy_refused');
  });
});
