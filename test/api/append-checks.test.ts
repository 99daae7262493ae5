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
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('test', 'written')).toEqual([]);
  });

  it('holds that version until commit: of two appends that each write one stream and check the other, one wins', async () => {
    for (let round = 0; round < 20; round++) {
      const [a, b] = [`a${round}`, `b${round}`];
      for (const id of [a, b])
        await store.append(
          { streamType: 'test', streamId: id, expectedVersion: 'no_stream', events: [note('start')] },
          SYSTEM_METADATA,
        );
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
