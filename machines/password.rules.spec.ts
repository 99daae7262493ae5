import { describe, expect, it } from '@jest/globals';
import { passwordProblem } from './password.rules.js';

const phone = '14165550103';

describe('a chosen password', () => {
  it('is accepted when long enough and not the phone number', () => {
    expect(passwordProblem('My-own#pass2026', phone)).toBeNull();
  });

  it('must not be blank or only whitespace', () => {
    expect(passwordProblem('          ', phone)).toMatch(/password .*blank/);
    expect(passwordProblem('\t\n \u00a0 \t\n  ', phone)).toMatch(/password .*blank/);
  });

  it('must be at least 8 characters', () => {
    expect(passwordProblem('short', phone)).toMatch(/password .*at least 8/);
  });

  it('must not be the phone number, with or without the leading 1 or separators', () => {
    for (const typed of ['14165550103', '4165550103', '+1 416 555 0103', '(416) 555-0103']) {
      expect(passwordProblem(typed, phone)).toMatch(/password .*phone number/);
    }
    expect(passwordProblem('4165550199', phone)).toBeNull();
  });

  it('is checked without a phone number when none is known', () => {
    expect(passwordProblem('4165550103')).toBeNull();
  });
});
