import { describe, expect, it } from '@jest/globals';
import { nestedDeeperThan, pathOfNulCharacter } from './request-shape.js';

/** A list nested `depth` levels deep: [[[...]]]. */
function nestedList(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

describe('request shape', () => {
  it('measures nesting without recursion, even 200,000 levels deep', () => {
    expect(nestedDeeperThan(nestedList(32), 32)).toBe(false);
    expect(nestedDeeperThan(nestedList(33), 32)).toBe(true);
    expect(nestedDeeperThan(nestedList(200_000), 32)).toBe(true);
    expect(nestedDeeperThan({ fields: [{ tutorial: { description: 'x' } }] }, 4)).toBe(false);
    expect(nestedDeeperThan({ fields: [{ tutorial: { description: 'x' } }] }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });

  it('names the first value or key holding a NUL character', () => {
    expect(pathOfNulCharacter('a\u0000b', 'code')).toBe('code');
    expect(pathOfNulCharacter({ fields: [{ caption: 'ok' }, { caption: 'b\u0000' }] }, '')).toBe(
      'fields.1.caption',
    );
    expect(pathOfNulCharacter({ 'na\u0000me': 'x' }, '')).toBe('na\u0000me');
    expect(pathOfNulCharacter({ first_name: 'Zoë', n: 1, none: null }, '')).toBeNull();
  });
});
