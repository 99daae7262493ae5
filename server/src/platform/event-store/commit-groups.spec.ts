import { describe, expect, it } from '@jest/globals';
import { CommitGroups } from './commit-groups.js';

interface Item {
  name: string;
  keys: string[];
  /** Refused whenever it is committed, alone or in a group. */
  refused?: boolean;
}

/** A transaction the test ends by hand, so it can tell what arrives while one is under way. */
function deferred(): { promise: Promise<void>; end: () => void } {
  let end = (): void => undefined;
  const promise = new Promise<void>((resolve) => (end = resolve));
  return { promise, end };
}

function groupsWith(options: { transactions?: number; largest?: number } = {}) {
  const transactions: string[][] = [];
  const open: (() => void)[] = [];
  const commitAll = async (items: Item[]): Promise<string[]> => {
    transactions.push(items.map((i) => i.name));
    const transaction = deferred();
    open.push(transaction.end);
    await transaction.promise;
    if (items.some((i) => i.refused)) throw new Error(`refused: ${items.map((i) => i.name).join(', ')}`);
    return items.map((i) => `${i.name} committed`);
  };
  const groups = new CommitGroups<Item, string>({
    transactions: options.transactions ?? 1,
    largest: options.largest ?? 16,
    keys: (item) => item.keys,
    together: commitAll,
    alone: async (item) => (await commitAll([item]))[0],
  });
  /** Ends every transaction under way, and those they lead to, until none is left. */
  const settle = async (): Promise<void> => {
    for (let rounds = 0; rounds < 20; rounds++) {
      await new Promise((resolve) => setImmediate(resolve));
      const ending = open.splice(0);
      if (ending.length === 0) return;
      for (const end of ending) end();
    }
  };
  return { groups, transactions, settle };
}

describe('group commit', () => {
  it('sends a lone item straight through in a transaction of its own', async () => {
    const { groups, transactions, settle } = groupsWith();
    const result = groups.commit({ name: 'a', keys: ['s1'] });
    await settle();
    expect(await result).toBe('a committed');
    expect(transactions).toEqual([['a']]);
  });

  it('commits what arrives while a transaction is under way together in the next one', async () => {
    const { groups, transactions, settle } = groupsWith();
    const results = ['a', 'b', 'c', 'd'].map((name, i) => groups.commit({ name, keys: [`s${i}`] }));
    await settle();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'].map((n) => `${n} committed`));
    expect(transactions).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('never puts two items that hold the same stream in one transaction, and keeps their order', async () => {
    const { groups, transactions, settle } = groupsWith();
    const results = [
      groups.commit({ name: 'first', keys: ['s0'] }),
      groups.commit({ name: 'b', keys: ['s1', 's2'] }),
      groups.commit({ name: 'c', keys: ['s2'] }),
      groups.commit({ name: 'd', keys: ['s3'] }),
      groups.commit({ name: 'e', keys: ['s1'] }),
    ];
    await settle();
    await Promise.all(results);
    expect(transactions).toEqual([['first'], ['b', 'd'], ['c', 'e']]);
  });

  it('puts no more than the largest group in one transaction', async () => {
    const { groups, transactions, settle } = groupsWith({ largest: 2 });
    const results = ['a', 'b', 'c', 'd', 'e'].map((name, i) => groups.commit({ name, keys: [`s${i}`] }));
    await settle();
    await Promise.all(results);
    expect(transactions).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('commits each item of a failed group alone, so only the refused one is refused', async () => {
    const { groups, transactions, settle } = groupsWith();
    const results = [
      groups.commit({ name: 'a', keys: ['s0'] }),
      groups.commit({ name: 'b', keys: ['s1'] }),
      groups.commit({ name: 'stale', keys: ['s2'], refused: true }),
      groups.commit({ name: 'd', keys: ['s3'] }),
    ].map((p) => p.then(String, (error: Error) => error.message));
    await settle();
    expect(await Promise.all(results)).toEqual([
      'a committed',
      'b committed',
      'refused: stale',
      'd committed',
    ]);
    expect(transactions).toEqual([['a'], ['b', 'stale', 'd'], ['b'], ['stale'], ['d']]);
  });

  it('runs as many transactions at once as it is given', async () => {
    const { groups, transactions, settle } = groupsWith({ transactions: 2 });
    const results = ['a', 'b', 'c', 'd'].map((name, i) => groups.commit({ name, keys: [`s${i}`] }));
    await settle();
    await Promise.all(results);
    expect(transactions).toEqual([['a'], ['b'], ['c', 'd']]);
  });
});
