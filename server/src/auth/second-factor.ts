import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The rules of the second factor (TOTP, RFC 6238, through otplib): codes of 6 digits every 30 s, one step
 * of clock drift either way, and no code accepted twice (a code's time step must be later than the last
 * one used). Secrets are kept sealed with a key derived from APP_SECRET, recovery codes only as hashes.
 */

const PERIOD_S = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changes. */
const DRIFT_S = PERIOD_S;
export const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function enrolmentUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** The time step of a valid code that comes after `afterStep`; null for a wrong, stale or replayed code. */
export async function acceptedStep(
  secret: string,
  code: string,
  afterStep: number | null,
  epoch = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: DRIFT_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // A TOTP verification answers the time step of the code it accepted.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Whether a code `acceptedStep` refused is one of the app's, already used: valid now, but not after `afterStep`. */
export async function isSpentCode(
  secret: string,
  code: string,
  afterStep: number | null,
  epoch = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (afterStep === null) return false;
  const step = await acceptedStep(secret, code, null, epoch);
  return step !== null && step <= afterStep;
}

/** Ten codes of 8 letters and digits (no look-alikes), shown once, for a lost phone. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODES) {
    const bytes = randomBytes(8);
    const text = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    codes.add(`${text.slice(0, 4)}-${text.slice(4)}`);
  }
  return [...codes];
}

/** Seals and hashes with keys derived from APP_SECRET, each for its one purpose. */
export class SecondFactorKeys {
  private readonly sealing: Buffer;
  private readonly hashing: Buffer;

  constructor(appSecret: string) {
    const derive = (purpose: string) =>
      Buffer.from(hkdfSync('sha256', appSecret, 'homeward', `second-factor:${purpose}`, 32));
    this.sealing = derive('seal');
    this.hashing = derive('recovery');
  }

  /** AES-256-GCM: the nonce, the tag and the sealed text, base64url. */
  seal(secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealing, nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The secret; throws when the text was not sealed with this key or was changed. */
  open(sealedText: string): string {
    const bytes = Buffer.from(sealedText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.sealing, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** A recovery code's hash, as typed in any case and with or without its dash. */
  recoveryHash(code: string): string {
    const normal = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return createHmac('sha256', this.hashing).update(normal).digest('base64url');
  }

  /** The index of the stored hash the code matches, compared in constant time; -1 for none. */
  matchRecovery(code: string, hashes: readonly (string | null)[]): number {
    const hash = Buffer.from(this.recoveryHash(code));
    return hashes.findIndex(
      (stored) =>
        stored !== null && stored.length === hash.length && timingSafeEqual(Buffer.from(stored), hash),
    );
  }
}
