import { describe, expect, it } from '@jest/globals';
import { invalidationKeysFor, matchesDomainEvent, type InvalidationRule } from './domain-events';
import type { DomainEvent } from './socket';

const event = (type: string, customer_id: string | null = 'c-1'): DomainEvent => ({
  position: 1,
  type,
  stream_type: 'customer',
  stream_id: 's-1',
  customer_id,
  created: '2026-01-01T00:00:00.000Z',
});

describe('domain event matching', () => {
  it('matches exact types, prefixes, lists, patterns and predicates', () => {
    expect(matchesDomainEvent('note.added', event('note.added'))).toBe(true);
    expect(matchesDomainEvent('note.added', event('note.deleted'))).toBe(false);
    expect(matchesDomainEvent('note.*', event('note.deleted'))).toBe(true);
    expect(matchesDomainEvent(['lawyer.assigned', 'appraiser.*'], event('appraiser.revoked'))).toBe(true);
    expect(matchesDomainEvent(/^form\./, event('form.archived'))).toBe(true);
    expect(matchesDomainEvent((e) => e.customer_id === null, event('x', null))).toBe(true);
  });

  it('collects the query keys of every matching rule', () => {
    const rules: InvalidationRule[] = [
      { match: 'note.*', queryKeys: (e) => [['notes', e.customer_id]] },
      { match: ['note.added', 'comment.added'], queryKeys: [['customers']] },
      { match: 'lawyer.*', queryKeys: [['lawyers']] },
    ];
    expect(invalidationKeysFor(event('note.added'), rules)).toEqual([['notes', 'c-1'], ['customers']]);
    expect(invalidationKeysFor(event('form.saved'), rules)).toEqual([]);
  });
});
