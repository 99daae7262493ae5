import { beforeEach, describe, expect, it } from '@jest/globals';
import { VerifiedTokens } from './verified-tokens.js';

describe('VerifiedTokens', () => {
  const exp = 1_800_000_000;
  let now = exp * 1000 - 5000;
  const tokens = (): VerifiedTokens<{ sid: string }> => new VerifiedTokens(3, () => now);

  beforeEach(() => {
    now = exp * 1000 - 5000;
  });

  it('answers the claims of the exact token it kept, and nothing for any other text', () => {
    const kept = tokens();
    kept.keep('header.claims.signature', { sid: 'a' }, exp);
    expect(kept.get('header.claims.signature')).toEqual({ sid: 'a' });
    expect(kept.get('header.claims.signaturf')).toBeUndefined();
    expect(kept.get('header.claims.')).toBeUndefined();
  });

  it('stops answering at the second the token expires, as the verifier refuses it then', () => {
    const kept = tokens();
    kept.keep('t', { sid: 'a' }, exp);
    now = exp * 1000 - 1;
    expect(kept.get('t')).toEqual({ sid: 'a' });
    now = exp * 1000;
    expect(kept.get('t')).toBeUndefined();
    now = exp * 1000 - 1;
    expect(kept.get('t')).toBeUndefined();
  });

  it('keeps no token without an expiry', () => {
    const kept = tokens();
    kept.keep('t', { sid: 'a' }, undefined);
    expect(kept.get('t')).toBeUndefined();
  });

  it('starts again when full, so it never holds more than its capacity', () => {
    const kept = tokens();
    for (const token of ['a', 'b', 'c']) kept.keep(token, { sid: token }, exp);
    kept.keep('d', { sid: 'd' }, exp);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('d')).toEqual({ sid: 'd' });
  });
});
