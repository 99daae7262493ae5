import { describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import {
  acceptedStep,
  enrolmentUri,
  isSpentCode,
  newRecoveryCodes,
  newSecret,
  SecondFactorKeys,
} from './second-factor.js';

const NOW = 1_795_400_000;
const codeAt = (secret: string, epoch: number) => generate({ secret, epoch });

describe('the second factor', () => {
  it('accepts the current code once, and refuses it replayed', async () => {
    const secret = newSecret();
    const step = await acceptedStep(secret, await codeAt(secret, NOW), null, NOW);
    expect(step).toBe(Math.floor(NOW / 30));
    expect(await acceptedStep(secret, await codeAt(secret, NOW), step, NOW + 5)).toBeNull();
  });

  it('tells a code already used, and an earlier one still shown, from a wrong one', async () => {
    const secret = newSecret();
    const code = await codeAt(secret, NOW);
    const step = (await acceptedStep(secret, code, null, NOW))!;
    expect(await isSpentCode(secret, code, step, NOW + 5)).toBe(true);
    expect(await isSpentCode(secret, await codeAt(secret, NOW - 30), step, NOW + 5)).toBe(true);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await isSpentCode(secret, wrong, step, NOW + 5)).toBe(false);
    // Nothing used yet: a refused code is a wrong one.
    expect(await isSpentCode(secret, code, null, NOW)).toBe(false);
  });

  it('refuses a wrong code and anything that is not six digits', async () => {
    const secret = newSecret();
    const right = await codeAt(secret, NOW);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await acceptedStep(secret, wrong, null, NOW)).toBeNull();
    expect(await acceptedStep(secret, '12345', null, NOW)).toBeNull();
    expect(await acceptedStep(secret, `${right} `, null, NOW)).toBeNull();
  });

  it("takes the previous step's code (a phone's clock a little behind) but not one two steps old", async () => {
    const secret = newSecret();
    expect(await acceptedStep(secret, await codeAt(secret, NOW - 30), null, NOW)).not.toBeNull();
    expect(await acceptedStep(secret, await codeAt(secret, NOW - 90), null, NOW)).toBeNull();
  });

  it('names the brokerage and the person in the address the QR code carries', () => {
    const uri = enrolmentUri(newSecret(), '14165550101', 'Homeward');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Homeward:14165550101\?secret=[A-Z2-7]+/);
  });

  it('seals a secret that only the same app secret opens, and refuses a changed one', () => {
    const keys = new SecondFactorKeys('app-secret-one');
    const sealed = keys.seal('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(keys.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(() => new SecondFactorKeys('app-secret-two').open(sealed)).toThrow();
    // A changed byte, not a changed character: base64url's last character may carry only padding bits.
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => keys.open(bytes.toString('base64url'))).toThrow();
  });

  it('makes ten different recovery codes, known again by hash only, in any case and without the dash', () => {
    const keys = new SecondFactorKeys('app-secret');
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    codes.forEach((code) => expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/));
    const hashes: (string | null)[] = codes.map((code) => keys.recoveryHash(code));
    expect(hashes.join()).not.toContain(codes[3].slice(0, 4));
    expect(keys.matchRecovery(codes[3].toLowerCase().replace('-', ''), hashes)).toBe(3);
    hashes[3] = null;
    expect(keys.matchRecovery(codes[3], hashes)).toBe(-1);
    expect(keys.matchRecovery('AAAA-AAAA', hashes)).toBe(-1);
  });
});
