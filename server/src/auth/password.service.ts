import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { createHmac, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import type { PasswordDelivery } from '../users/user.events.js';

const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#$%&*+?';

/** Hashes passwords with argon2id and makes the one-time passwords that are sent by text message. */
@Injectable()
export class PasswordService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * A one-time password is derived from a random nonce and the server secret, so the event keeps only the
   * nonce and the hash, and the message job renders the same password when it sends the text.
   */
  async issueOneTimePassword(): Promise<{ delivery: PasswordDelivery; passwordHash: string }> {
    const delivery = { nonce: randomBytes(16).toString('hex') };
    return { delivery, passwordHash: await this.hash(this.oneTimePassword(delivery)) };
  }

  oneTimePassword(delivery: PasswordDelivery): string {
    const bytes = createHmac('sha256', this.config.appSecret)
      .update(`one-time-password:${delivery.nonce}`)
      .digest();
    const pick = (alphabet: string, index: number): string => alphabet[bytes[index] % alphabet.length];
    // Two of each class keeps the password strong by the product's own meter; the order is mixed by the bytes too.
    const chars = [
      pick(UPPER, 0),
      pick(LOWER, 1),
      pick(LOWER, 2),
      pick(DIGITS, 3),
      pick(LOWER, 4),
      pick(SYMBOLS, 5),
      pick(UPPER, 6),
      pick(LOWER, 7),
      pick(DIGITS, 8),
      pick(LOWER, 9),
      pick(SYMBOLS, 10),
      pick(LOWER, 11),
    ];
    for (let i = chars.length - 1; i > 0; i--) {
      const j = bytes[12 + (i % 20)] % (i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    return chars.join('');
  }
}
