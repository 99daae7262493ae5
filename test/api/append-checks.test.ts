import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConcurrencyError } from '../../server/src/platform/event-store/concurrency.error.js';
import { EventStore } from '../../server/src/platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../../server/src/platform/event-store/event.types.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let store: EventStore;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  store = t.app.get(EventStore);
});
afterAll(() => t.close());

const note = (text: string) => ({ type: 'test.noted', data: { text } });
/** A new stream with one event, at version 1. */
const begin = (id: string) =>
  store.append(
    { streamType: 'test', streamId: id, expectedVersion: 'no_stream', events: [note('start')] },
    SYSTEM_METADATA,
  );

describe('an append that checks a stream without writing to it', () => {
  it('refuses a stale version of the stream it only checks, and writes nothing', async () => {
    await store.append(
      { streamType: 'test', streamId: 'checked', expectedVersion: 'no_stream', events: [note('1')] },
      SYSTEM_METADATA,
    );
    await store.append(
      { streamType: 'test', streamId: 'checked', expectedVersion: 1, events: [note('2')] },
      SYSTEM_METADATA,
    );
    await expect(
      store.append(
        [
          { streamType: 'test', streamId: 'written', expectedVersion: 'no_stream', events: [note('x')] },
          { streamType: 'test', streamId: 'checked', expectedVersion: 1, events: [] },
        ],
        SYSTEM_METADATA,
      ),
    ).rejects.toMatchObject({ streamType: 'test', streamId: 'checked', actual: 2 });
    expect(await store.readStream('test', 'written')).toEqual([]);
  });

  it('commits among other appends: thirty at once, each checking a stream of its own, all land', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `group${i}`);
    for (const id of ids) await begin(`held-${id}`);
    await Promise.all(
      ids.map((id) =>
        store.append(
          [
            { streamType: 'test', streamId: `held-${id}`, expectedVersion: 1, events: [] },
            { streamType: 'test', streamId: id, expectedVersion: 'no_stream', events: [note('x')] },
          ],
          SYSTEM_METADATA,
        ),
      ),
    );
    for (const id of ids) expect(await store.readStream('test', id)).toHaveLength(1);
  });

  it('of thirty at once, refuses only the one whose checked stream moved', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `mixed${i}`);
    for (const id of ids) await begin(`held-${id}`);
    const outcomes = await Promise.allSettled(
      ids.map((id, i) =>
        store.append(
          [
            { streamType: 'test', streamId: `held-${id}`, expectedVersion: i === 7 ? 0 : 1, events: [] },
            { streamType: 'test', streamId: id, expectedVersion: 'no_stream', events: [note('x')] },
          ],
          SYSTEM_METADATA,
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(ids.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect((outcomes[7] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('test', ids[7])).toEqual([]);
  });

  it('holds that version until commit: of two appends that each write one stream and check the other, one wins', async () => {
    for (let round = 0; round < 20; round++) {
      const [a, b] = [`a${round}`, `b${round}`];
      for (const id of [a, b]) await begin(id);
      const writeOneCheckOther = (write: string, check: string) =>
        store.append(
          [
            { streamType: 'test', streamId: check, expectedVersion: 1, events: [] },
            { streamType: 'test', streamId: write, expectedVersion: 1, events: [note('changed')] },
          ],
          SYSTEM_METADATA,
        );
      const outcomes = await Promise.allSettled([writeOneCheckOther(a, b), writeOneCheckOther(b, a)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(ConcurrencyError);
    }
  });
});
