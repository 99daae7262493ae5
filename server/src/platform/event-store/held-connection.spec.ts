import { describe, expect, it } from '@jest/globals';
import type { DataSource, QueryRunner } from 'typeorm';
import { HeldConnection } from './held-connection.js';

/** A pool of numbered connections that records which were taken and which given back. */
function pool() {
  const taken: number[] = [];
  const released: number[] = [];
  const dataSource = {
    createQueryRunner: (): QueryRunner => {
      const id = taken.length + 1;
      return {
        connect: async () => {
          taken.push(id);
          return { connection: id };
        },
        release: async () => void released.push(id),
        id,
      } as unknown as QueryRunner;
    },
  } as unknown as DataSource;
  return { dataSource, taken, released };
}

const idOf = (runner: QueryRunner): number => (runner as unknown as { id: number }).id;

function deferred(): { promise: Promise<void>; end: () => void } {
  let end = (): void => undefined;
  const promise = new Promise<void>((resolve) => (end = resolve));
  return { promise, end };
}

describe('the connection held for commit groups', () => {
  it('keeps one connection for transactions that follow one another, and hands it over with its runner', async () => {
    const { dataSource, taken, released } = pool();
    const held = new HeldConnection(dataSource);
    const used = [
      await held.use(async (runner) => idOf(runner)),
      await held.use(async (runner) => idOf(runner)),
      await held.use(async (runner) => idOf(runner)),
    ];
    expect(used).toEqual([1, 1, 1]);
    expect(await held.use(async (_runner, client) => client)).toEqual({ connection: 1 });
    expect(taken).toEqual([1]);
    expect(released).toEqual([]);
  });

  it('lets the connection go after a failed transaction, and the next one takes a fresh connection', async () => {
    const { dataSource, released } = pool();
    const held = new HeldConnection(dataSource);
    await held.use(async () => undefined);
    await expect(
      held.use(async () => {
        throw new Error('connection reset');
      }),
    ).rejects.toThrow('connection reset');
    expect(released).toEqual([1]);
    expect(await held.use(async (runner) => idOf(runner))).toBe(2);
  });

  it('refuses a second transaction while one is under way', async () => {
    const { dataSource } = pool();
    const held = new HeldConnection(dataSource);
    const first = deferred();
    const running = held.use(() => first.promise);
    await expect(held.use(async () => undefined)).rejects.toThrow('one transaction at a time');
    first.end();
    await running;
  });

  it('gives the connection back at shutdown only once the transaction under way has ended', async () => {
    const { dataSource, released } = pool();
    const held = new HeldConnection(dataSource);
    const transaction = deferred();
    const running = held.use(() => transaction.promise);
    await new Promise((resolve) => setImmediate(resolve));
    let closed = false;
    const closing = held.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    expect(released).toEqual([]);
    transaction.end();
    await running;
    await closing;
    expect(released).toEqual([1]);
  });

  it('runs a transaction after shutdown began on a connection of its own, given back at its end', async () => {
    const { dataSource, released } = pool();
    const held = new HeldConnection(dataSource);
    await held.use(async () => undefined);
    await held.close();
    await held.close();
    expect(await held.use(async (runner) => idOf(runner))).toBe(2);
    expect(released).toEqual([1, 2]);
  });
});
