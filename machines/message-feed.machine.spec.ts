import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  appendNewer,
  messageFeedMachine,
  DELETE_UNKNOWN_MESSAGE,
  feedOffset,
  prependOlder,
  type FeedEmitted,
  type FeedItem,
  type FeedMessage,
  type FeedPage,
} from './message-feed.machine.js';

interface Note {
  id: number;
  text: string;
}

/** A server feed: ids 1..n, newest first when paged. */
class FakeServer {
  notes: Note[];
  calls: { offset: number; limit: number }[] = [];
  nextId: number;
  constructor(count: number) {
    this.notes = Array.from({ length: count }, (_, i) => ({ id: i + 1, text: `note ${i + 1}` }));
    this.nextId = count + 1;
  }
  page(offset: number, limit: number): FeedPage<Note> {
    this.calls.push({ offset, limit });
    const newestFirst = [...this.notes].reverse();
    return { items: newestFirst.slice(offset, offset + limit), count: this.notes.length };
  }
  add(text: string): Note {
    const note = { id: this.nextId++, text };
    this.notes.push(note);
    return note;
  }
  remove(id: number) {
    this.notes = this.notes.filter((note) => note.id !== id);
  }
}

function start(server: FakeServer, options: { failSend?: boolean } = {}) {
  const machine = messageFeedMachine.provide({
    actors: {
      loadPage: fromPromise<FeedPage<FeedItem>, { offset: number; limit: number }>(async ({ input }) =>
        server.page(input.offset, input.limit),
      ),
      sendMessage: fromPromise<FeedItem, FeedMessage>(async ({ input }) => {
        if (options.failSend) throw new Error('offline');
        return server.add(input.text);
      }),
      deleteMessage: fromPromise<unknown, { id: string | number }>(async ({ input }) =>
        server.remove(Number(input.id)),
      ),
    },
  });
  const emitted: FeedEmitted[] = [];
  const actor = createActor(machine, { input: {} });
  actor.on('*', (event) => emitted.push(event as FeedEmitted));
  actor.start();
  const ready = () => waitFor(actor, (s) => s.matches({ paging: 'ready' }) && s.matches({ sending: 'idle' }));
  const ids = () => actor.getSnapshot().context.items.map((note) => note.id);
  return { actor, emitted, ready, ids };
}

describe('message feed paging', () => {
  it('computes offsets with the correction', () => {
    expect(feedOffset(1, 0)).toBe(0);
    expect(feedOffset(3, 2)).toBe(22);
    expect(feedOffset(2, -1)).toBe(9);
    expect(feedOffset(1, -3)).toBe(0);
  });

  it('prepends older pages oldest first and appends only unseen newer messages', () => {
    const loaded = [{ id: 3 }, { id: 4 }];
    expect(prependOlder(loaded, [{ id: 3 }, { id: 2 }, { id: 1 }]).map((n) => n.id)).toEqual([1, 2, 3, 4]);
    expect(appendNewer(loaded, [{ id: 6 }, { id: 5 }, { id: 4 }])).toEqual({
      items: [{ id: 3 }, { id: 4 }, { id: 5 }, { id: 6 }],
      added: 2,
    });
  });

  it('loads the newest page first, then older pages on request, until none are left', async () => {
    const server = new FakeServer(23);
    const feed = start(server);
    await feed.ready();
    expect(feed.ids()).toEqual([14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    feed.actor.send({ type: 'LOAD_OLDER' });
    await feed.ready();
    feed.actor.send({ type: 'LOAD_OLDER' });
    await feed.ready();
    expect(feed.ids()).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(server.calls).toEqual([
      { offset: 0, limit: 10 },
      { offset: 10, limit: 10 },
      { offset: 20, limit: 10 },
    ]);
    feed.actor.send({ type: 'LOAD_OLDER' });
    expect(feed.actor.getSnapshot().matches({ paging: 'ready' })).toBe(true);
    expect(server.calls).toHaveLength(3);
  });

  it('moves the offset up by one per message sent and down by one per message deleted', async () => {
    const server = new FakeServer(25);
    const feed = start(server);
    await feed.ready();
    feed.actor.send({ type: 'SEND', text: '  hello  ' });
    await feed.ready();
    expect(feed.emitted).toContainEqual({ type: 'sent', item: { id: 26, text: 'hello' } });
    expect(feed.actor.getSnapshot().context.correction).toBe(1);
    feed.actor.send({ type: 'LOAD_OLDER' });
    await feed.ready();
    expect(server.calls.at(-1)).toEqual({ offset: 11, limit: 10 });

    feed.actor.send({ type: 'DELETE', id: 26 });
    await waitFor(feed.actor, (s) => s.matches({ deleting: 'idle' }) && s.context.correction === 0);
    feed.actor.send({ type: 'DELETE', id: 25 });
    await waitFor(feed.actor, (s) => s.matches({ deleting: 'idle' }) && s.context.correction === -1);
    feed.actor.send({ type: 'LOAD_OLDER' });
    await feed.ready();
    expect(server.calls.at(-1)).toEqual({ offset: 19, limit: 10 });
    expect(feed.ids()).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('sends nothing without text or a file, and reports a failed send', async () => {
    const server = new FakeServer(0);
    const feed = start(server, { failSend: true });
    await feed.ready();
    feed.actor.send({ type: 'SEND', text: '   ' });
    expect(feed.actor.getSnapshot().matches({ sending: 'idle' })).toBe(true);
    feed.actor.send({ type: 'SEND', text: '', file: { size: 10, name: 'a.pdf' } });
    expect(feed.actor.getSnapshot().matches({ sending: 'sending' })).toBe(true);
    await feed.ready();
    expect(feed.emitted.map((e) => e.type)).toEqual(['sendFailed']);
    expect(feed.ids()).toEqual([]);
  });

  it('refuses to delete a message that is not loaded', async () => {
    const feed = start(new FakeServer(3));
    await feed.ready();
    feed.actor.send({ type: 'DELETE', id: 99 });
    const failure = feed.emitted.find((e) => e.type === 'deleteFailed');
    expect((failure as { error: Error }).error.message).toBe(DELETE_UNKNOWN_MESSAGE);
  });

  it('catches up with live messages once, whoever sent them', async () => {
    const server = new FakeServer(12);
    const feed = start(server);
    await feed.ready();
    server.add('from a colleague');
    feed.actor.send({ type: 'LIVE.ADDED' });
    await waitFor(feed.actor, (s) => s.context.items.length === 11);
    await feed.ready();
    expect(feed.ids().at(-1)).toBe(13);
    expect(feed.actor.getSnapshot().context.correction).toBe(1);

    // The push for one's own message changes nothing once the answer is in.
    feed.actor.send({ type: 'SEND', text: 'mine' });
    await feed.ready();
    feed.actor.send({ type: 'LIVE.ADDED' });
    await feed.ready();
    expect(feed.ids().slice(-2)).toEqual([13, 14]);
    expect(feed.actor.getSnapshot().context.correction).toBe(2);

    feed.actor.send({ type: 'LIVE.DELETED', id: 13 });
    expect(feed.ids().slice(-2)).toEqual([12, 14]);
    expect(feed.actor.getSnapshot().context.correction).toBe(1);
    feed.actor.send({ type: 'LOAD_OLDER' });
    await feed.ready();
    expect(server.calls.at(-1)).toEqual({ offset: 11, limit: 10 });
    expect(feed.ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14]);
  });
});
