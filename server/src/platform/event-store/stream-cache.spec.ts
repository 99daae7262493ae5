import { describe, expect, it } from '@jest/globals';
import { StreamCache } from './stream-cache.js';

const decider = {};
const other = {};

describe('StreamCache', () => {
  it('answers a stream only to the decider that folded it', () => {
    const cache = new StreamCache(10);
    cache.keep('client:1', decider, { state: { status: 'active' }, version: 3 });
    expect(cache.get('client:1', decider)).toEqual({ state: { status: 'active' }, version: 3 });
    expect(cache.get('client:1', other)).toBeUndefined();
    expect(cache.get('client:2', decider)).toBeUndefined();
  });

  it('never goes back to an earlier version of a stream it keeps', () => {
    const cache = new StreamCache(10);
    cache.keep('client:1', decider, { state: { status: 'approved' }, version: 5 });
    cache.keep('client:1', decider, { state: { status: 'active' }, version: 4 });
    expect(cache.get('client:1', decider)?.version).toBe(5);
    cache.keep('client:1', decider, { state: { status: 'funded' }, version: 6 });
    expect(cache.get('client:1', decider)).toEqual({ state: { status: 'funded' }, version: 6 });
  });

  it('lets the streams used longest ago go first when it is full', () => {
    const cache = new StreamCache(2);
    cache.keep('a', decider, { state: 1, version: 1 });
    cache.keep('b', decider, { state: 2, version: 1 });
    cache.get('a', decider);
    cache.keep('c', decider, { state: 3, version: 1 });
    expect(cache.size).toBe(2);
    expect(cache.get('b', decider)).toBeUndefined();
    expect(cache.get('a', decider)?.state).toBe(1);
    expect(cache.get('c', decider)?.state).toBe(3);
  });

  it('freezes what it keeps, so no decision can change the state the next one starts from', () => {
    const cache = new StreamCache(10);
    const state = { status: 'active', files: [{ id: 'f1', status: 'in_review' }] };
    cache.keep('form:1', decider, { state, version: 2 });
    const kept = cache.get('form:1', decider)!.state as typeof state;
    expect(() => {
      kept.files[0].status = 'checked';
    }).toThrow(TypeError);
    expect(() => {
      kept.status = 'closed';
    }).toThrow(TypeError);
    expect(kept.files[0].status).toBe('in_review');
  });

  it('forgets a stream, and everything when cleared', () => {
    const cache = new StreamCache(10);
    cache.keep('a', decider, { state: 1, version: 1 });
    cache.keep('b', decider, { state: 2, version: 1 });
    cache.forget('a');
    expect(cache.get('a', decider)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
