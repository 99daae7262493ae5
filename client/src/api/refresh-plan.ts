import { hashKey, partialMatchKey, type QueryKey } from '@tanstack/react-query';
import type { DomainEventPush } from '@machines/domain-event-push';
import type { OwnChange } from './own-changes';
import { REFRESH_TABLE, refreshKeysOf } from './refresh-table';

/** Reads at and below `key`, less those below one of `except`. */
export interface RefreshTarget {
  key: QueryKey;
  except: QueryKey[];
}

const isUnder = (key: QueryKey, prefix: QueryKey) => partialMatchKey(key, prefix);
const same = (a: QueryKey, b: QueryKey) => hashKey(a) === hashKey(b);

/**
 * What a batch of pushes refreshes, each read once. A push of this browser's own command leaves alone
 * the reads its answer put in the cache: they hold that change already.
 */
export function planRefresh(
  events: DomainEventPush[],
  ownChangeOf: (event: DomainEventPush) => OwnChange | undefined,
  table = REFRESH_TABLE,
): RefreshTarget[] {
  const targets = new Map<string, RefreshTarget>();
  for (const event of events) {
    const answered = ownChangeOf(event)?.answered ?? [];
    for (const key of refreshKeysOf(event, table)) {
      if (answered.some((held) => isUnder(key, held))) continue;
      const except = answered.filter((held) => isUnder(held, key));
      const known = targets.get(hashKey(key));
      if (!known) targets.set(hashKey(key), { key, except });
      // Another event of the batch needs what this one's answer held: only what both held is spared.
      else known.except = known.except.filter((held) => except.some((other) => same(held, other)));
    }
  }
  const list = [...targets.values()];
  // A read below a key refreshed whole is refreshed by that key.
  return list.filter(
    (target) =>
      !list.some(
        (other) =>
          other !== target &&
          !other.except.length &&
          !same(other.key, target.key) &&
          isUnder(target.key, other.key),
      ),
  );
}

/** Whether a cached read is one of the targets. */
export function isRefreshed(queryKey: QueryKey, targets: RefreshTarget[]): boolean {
  return targets.some(
    (target) => isUnder(queryKey, target.key) && !target.except.some((held) => isUnder(queryKey, held)),
  );
}
