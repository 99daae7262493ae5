/** One piece of work waiting for a transaction, with the keys it must hold alone within it. */
interface Waiting<Item, Result> {
  item: Item;
  keys: readonly string[];
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export interface CommitGroupsOptions<Item, Result> {
  /** Transactions under way at once; work arriving while all are busy waits and travels in the next group. */
  transactions: number;
  /** Items in one group at most. */
  largest: number;
  /** The keys an item holds: two items sharing one never travel in the same group. */
  keys: (item: Item) => readonly string[];
  /** Commits a group of two or more in one transaction, answering each item's result in order. */
  together: (items: Item[]) => Promise<Result[]>;
  /** Commits one item in a transaction of its own: a lone item, and each item of a group that failed. */
  alone: (item: Item) => Promise<Result>;
}

/**
 * Group commit. Work that arrives while every transaction is busy waits, and the next free transaction takes
 * everything waiting at once: under load the database commits a few appends per transaction and per round
 * trip instead of one, and without load each item goes straight through on its own. A group either commits
 * whole or, when anything in it fails, each of its items is committed again on its own, so each item meets
 * exactly the outcome (result or refusal) it would have met alone.
 */
export class CommitGroups<Item, Result> {
  private readonly waiting: Waiting<Item, Result>[] = [];
  private running = 0;

  constructor(private readonly options: CommitGroupsOptions<Item, Result>) {}

  commit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, keys: this.options.keys(item), resolve, reject });
      this.start();
    });
  }

  private start(): void {
    while (this.running < this.options.transactions && this.waiting.length > 0) {
      const group = this.nextGroup();
      this.running++;
      void this.run(group).finally(() => {
        this.running--;
        this.start();
      });
    }
  }

  /** The oldest waiting items whose keys do not meet, in arrival order; the others wait for a later group. */
  private nextGroup(): Waiting<Item, Result>[] {
    const taken = new Set<string>();
    const group: Waiting<Item, Result>[] = [];
    for (let i = 0; i < this.waiting.length && group.length < this.options.largest;) {
      const candidate = this.waiting[i];
      if (candidate.keys.some((key) => taken.has(key))) {
        i++;
        continue;
      }
      for (const key of candidate.keys) taken.add(key);
      group.push(candidate);
      this.waiting.splice(i, 1);
    }
    return group;
  }

  private async run(group: Waiting<Item, Result>[]): Promise<void> {
    if (group.length > 1) {
      try {
        const results = await this.options.together(group.map((w) => w.item));
        group.forEach((w, i) => w.resolve(results[i]));
        return;
      } catch {
        // Which item failed, and whether the others would have, is answered by each one alone.
      }
    }
    await Promise.all(
      group.map((w) =>
        this.options.alone(w.item).then(
          (result) => w.resolve(result),
          (error: unknown) => w.reject(error),
        ),
      ),
    );
  }
}
