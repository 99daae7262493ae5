import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { batchRefresh, matchesDomainEvent, PUSH_BATCH_MS } from './domain-events';
import { OwnChanges } from './own-changes';
import { customerKeys, documentKeys } from './query-keys';
import { testPush } from './test-push';

const event = (type: string, request_id: string | null = null) => testPush(type, { request_id });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('domain event matching', () => {
  it('matches exact types, prefixes and lists', () => {
    expect(matchesDomainEvent('note.added', event('note.added'))).toBe(true);
    expect(matchesDomainEvent('note.added', event('note.deleted'))).toBe(false);
    expect(matchesDomainEvent('note.*', event('note.deleted'))).toBe(true);
    expect(matchesDomainEvent(['lawyer.assigned', 'appraiser.*'], event('appraiser.empty'))).toBe(true);
  });
});

describe('refreshing from pushes', () => {
  const history = documentKeys.history('c-1', 'code-1');
  const client = customerKeys.detail('c-1');

  /** A cache holding a client's form history and details, counting the passes that refresh it. */
  function cache() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(history, []);
    queryClient.setQueryData(client, {});
    let passes = 0;
    const invalidate = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = (...args) => {
      passes += 1;
      return invalidate(...args);
    };
    const stale = () =>
      queryClient
        .getQueryCache()
        .findAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);
    return { queryClient, stale, passes: () => passes };
  }

  it('refreshes the stale reads in one pass for the pushes of one change', async () => {
    const { queryClient, stale, passes } = cache();
    const batch = batchRefresh(queryClient, new OwnChanges());
    batch.add(event('form_file.uploaded'));
    batch.add(event('form_file.uploaded'));
    await wait(PUSH_BATCH_MS + 20);
    expect(passes()).toBe(1);
    expect(stale()).toEqual([history, client]);
  });

  it("leaves alone what this browser's own command answered", async () => {
    const { queryClient, stale } = cache();
    const own = new OwnChanges();
    const id = own.begin([history]);
    const batch = batchRefresh(queryClient, own);
    batch.add(event('form_file.status_changed', id));
    await wait(PUSH_BATCH_MS + 20);
    expect(stale()).toEqual([client]);
  });
});
