import { describe, expect, it } from '@jest/globals';
import { keptLink, linkClaims } from './signed-links';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A link as the server signs it (the signature is not checked here). */
const link = (key: string, iat: number) =>
  `/core/api/v3/files/${base64url({ alg: 'HS256' })}.${base64url({ typ: 'file', key, iat, exp: iat + 900 })}.c2ln/`;

describe('signed file links', () => {
  it('name their file and expiry', () => {
    expect(linkClaims(link('a.pdf', 1000))).toEqual({ key: 'a.pdf', exp: 1900 });
    expect(linkClaims('https://example.com/a.pdf')).toBeNull();
    expect(linkClaims(null)).toBeNull();
    expect(linkClaims('/core/api/v3/files/x.not-json.y/')).toBeNull();
  });

  it('keep the link shown while it names the same file and stays valid long enough', () => {
    const shown = link('a.pdf', 1000);
    expect(keptLink(shown, link('a.pdf', 1100), 1100, 660)).toBe(shown);
    // Too close to its expiry: the fresh one is shown.
    expect(keptLink(shown, link('a.pdf', 1300), 1300, 660)).toBe(link('a.pdf', 1300));
    // Another file (a new thumbnail) or no link before.
    expect(keptLink(shown, link('b.webp', 1100), 1100, 660)).toBe(link('b.webp', 1100));
    expect(keptLink(null, link('a.pdf', 1100), 1100, 660)).toBe(link('a.pdf', 1100));
    expect(keptLink(shown, null, 1100, 660)).toBeNull();
  });
});
