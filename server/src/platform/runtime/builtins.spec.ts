import { describe, expect, it } from '@jest/globals';
import { builtinsSnapshot, changedSince, keepingBuiltins } from './builtins.js';

const NATIVE_STRINGIFY = JSON.stringify;
const NATIVE_PUSH = Array.prototype.push;

/** What core-js does to an engine it finds lacking: replaces a native function and adds a missing one. */
function polyfill(): void {
  JSON.stringify = (value: unknown) => NATIVE_STRINGIFY(value);
  Array.prototype.push = function push(this: unknown[], ...items: unknown[]) {
    return NATIVE_PUSH.apply(this, items);
  };
  Object.defineProperty(Promise, 'polyfilledHere', { value: () => 'added', configurable: true });
}

describe("a library loaded while keeping the engine's functions", () => {
  it('keeps what it adds and puts back what it replaced', async () => {
    const before = builtinsSnapshot();
    const loaded = await keepingBuiltins(async () => {
      polyfill();
      return 'the library';
    });
    try {
      expect(loaded).toBe('the library');
      expect(JSON.stringify).toBe(NATIVE_STRINGIFY);
      expect(Array.prototype.push).toBe(NATIVE_PUSH);
      expect((Promise as unknown as { polyfilledHere: () => string }).polyfilledHere()).toBe('added');
      expect(changedSince(before)).toEqual([]);
    } finally {
      delete (Promise as unknown as { polyfilledHere?: unknown }).polyfilledHere;
    }
  });

  it('puts them back when the library fails to load', async () => {
    await expect(
      keepingBuiltins(async () => {
        polyfill();
        throw new Error('no such module');
      }),
    ).rejects.toThrow('no such module');
    expect([JSON.stringify, Array.prototype.push]).toEqual([NATIVE_STRINGIFY, NATIVE_PUSH]);
    delete (Promise as unknown as { polyfilledHere?: unknown }).polyfilledHere;
  });

  it('names what was replaced, by owner', () => {
    const before = builtinsSnapshot();
    polyfill();
    try {
      expect(changedSince(before).sort()).toEqual(['Array.prototype.push', 'JSON.stringify']);
    } finally {
      JSON.stringify = NATIVE_STRINGIFY;
      Array.prototype.push = NATIVE_PUSH;
      delete (Promise as unknown as { polyfilledHere?: unknown }).polyfilledHere;
    }
  });
});
