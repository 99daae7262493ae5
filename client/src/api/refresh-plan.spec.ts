import { describe, expect, it } from '@jest/globals';
import type { QueryKey } from '@tanstack/react-query';
import type { DomainEventPush } from '@machines/domain-event-push';
import { OWN_CHANGE_MEMORY_MS, OwnChanges } from './own-changes';
import { customerKeys, documentKeys } from './query-keys';
import { isRefreshed, planRefresh } from './refresh-plan';
import { testPush } from './test-push';

const push = (type: string, request_id: string | null = null) => testPush(type, { request_id });

const history = documentKeys.history('c-1', 'code-1');
const otherHistory = documentKeys.history('c-1', 'code-2');

/** Which of these cached reads the plan refreshes. */
function refreshed(events: DomainEventPush[], own: OwnChanges, cached: QueryKey[]) {
  const targets = planRefresh(events, (event) => own.of(event));
  return cached.filter((key) => isRefreshed(key, targets));
}

const page: QueryKey[] = [history, otherHistory, customerKeys.detail('c-1'), customerKeys.detail('c-2')];

describe("a push of this browser's own change", () => {
  it('does not refetch what the command answered, and refreshes the rest once', () => {
    const own = new OwnChanges();
    const id = own.begin([history]);
    expect(refreshed([push('form_file.status_changed', id)], own, page)).toEqual([
      otherHistory,
      customerKeys.detail('c-1'),
    ]);
  });

  it('of someone else refreshes everything the table names', () => {
    const own = new OwnChanges();
    own.begin([history]);
    expect(refreshed([push('form_file.status_changed', 'someone-else')], own, page)).toEqual([
      history,
      otherHistory,
      customerKeys.detail('c-1'),
    ]);
  });

  it("of one's own command that answered nothing refreshes everything the table names", () => {
    const own = new OwnChanges();
    const id = own.begin();
    expect(refreshed([push('form_file.uploaded', id)], own, page)).toHaveLength(3);
  });

  it('is refreshed when another change of the batch needs it', () => {
    const own = new OwnChanges();
    const id = own.begin([history]);
    const batch = [push('form_file.status_changed', id), push('form_file.uploaded', 'someone-else')];
    expect(refreshed(batch, own, page)).toEqual([history, otherHistory, customerKeys.detail('c-1')]);
  });

  it('is known for a while after its answer, then forgotten', () => {
    let now = 0;
    const own = new OwnChanges(() => now);
    const id = own.begin([history]);
    own.settle(id);
    now += OWN_CHANGE_MEMORY_MS - 1;
    own.settle(own.begin());
    expect(own.of({ request_id: id })).toBeDefined();
    now += 2;
    own.settle(own.begin());
    expect(own.of({ request_id: id })).toBeUndefined();
    expect(own.of({ request_id: null })).toBeUndefined();
  });
});

describe('a batch of pushes', () => {
  it('names each read once, and none below a read refreshed whole', () => {
    const batch = [push('form_file.uploaded'), push('form_file.uploaded'), push('comment.added')];
    const targets = planRefresh(batch, () => undefined);
    const keys = targets.map((target) => target.key);
    expect(keys).toContainEqual(documentKeys.customer('c-1'));
    expect(keys).not.toContainEqual(documentKeys.histories('c-1'));
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
  });
});
