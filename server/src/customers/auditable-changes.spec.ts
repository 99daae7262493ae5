import { describe, expect, it } from '@jest/globals';
import { auditableChanges, namesShown } from './auditable-changes.js';

describe("the audit trail's view of an event's data", () => {
  it('keeps data with nothing secret in it exactly as it is', () => {
    const data = { to: 'active', from: 'lead', file: { name: 'pay stub.pdf', size: 12 }, tags: ['a'] };
    expect(auditableChanges(data)).toEqual(data);
  });

  it('leaves out every key that looks like a secret, however deep, and keeps the rest', () => {
    const data = {
      passwordHash: 'x',
      user: { firstName: 'Ann', resetToken: 't', codes: [{ nonce: 'n', kind: 'sms' }] },
      secretKey: 's',
    };
    expect(auditableChanges(data)).toEqual({ user: { firstName: 'Ann', codes: [{ kind: 'sms' }] } });
  });

  it('keeps a text that merely mentions a secret, since only keys are left out', () => {
    const data = { text: 'Please reset your password', authorId: 'a1' };
    expect(auditableChanges(data)).toEqual(data);
  });

  it('names only the people the data still names once its secrets are left out', () => {
    const changes = auditableChanges({ brokerId: 'b1', reviewer: { id: 'r1' }, tokenOwner: 'u1' });
    const names = { b1: 'Ann Lee', r1: 'Raj Patel', u1: 'Hidden Person' };
    expect(namesShown(changes, names)).toEqual({ b1: 'Ann Lee', r1: 'Raj Patel' });
  });
});
