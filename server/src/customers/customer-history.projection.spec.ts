import { describe, expect, it } from '@jest/globals';
import { auditableJson } from './customer-history.projection.js';

describe("the audit trail's copy of an event's data", () => {
  it('keeps data with nothing secret in it exactly as it is', () => {
    const data = { to: 'active', from: 'lead', file: { name: 'pay stub.pdf', size: 12 }, tags: ['a'] };
    expect(auditableJson(data)).toBe(JSON.stringify(data));
  });

  it('leaves out every key that looks like a secret, however deep, and keeps the rest', () => {
    const data = {
      passwordHash: 'x',
      user: { firstName: 'Ann', resetToken: 't', codes: [{ nonce: 'n', kind: 'sms' }] },
      secretKey: 's',
    };
    expect(JSON.parse(auditableJson(data))).toEqual({ user: { firstName: 'Ann', codes: [{ kind: 'sms' }] } });
  });

  it('keeps a text that merely mentions a secret, since only keys are left out', () => {
    const data = { text: 'Please reset your password', authorId: 'a1' };
    expect(JSON.parse(auditableJson(data))).toEqual(data);
  });
});
