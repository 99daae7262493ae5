import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../platform/config/app-config.js';
import { PasswordService } from './password.service.js';

const service = new PasswordService(
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'j', APP_SECRET: 'secret-one', DATA_DIR: '/tmp/unused' }),
);

describe('one-time passwords', () => {
  it('derives the same password from the same nonce, and a different one from another nonce', () => {
    expect(service.oneTimePassword({ nonce: 'n1' })).toBe(service.oneTimePassword({ nonce: 'n1' }));
    expect(service.oneTimePassword({ nonce: 'n1' })).not.toBe(service.oneTimePassword({ nonce: 'n2' }));
  });

  it('makes 12-character passwords with all four character classes', () => {
    for (let i = 0; i < 50; i++) {
      const password = service.oneTimePassword({ nonce: `nonce-${i}` });
      expect(password).toHaveLength(12);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });

  it('issues a hash that verifies the derived password', async () => {
    const { delivery, passwordHash } = await service.issueOneTimePassword();
    expect(await service.verify(passwordHash, service.oneTimePassword(delivery))).toBe(true);
    expect(passwordHash).not.toContain(service.oneTimePassword(delivery));
  });
});
