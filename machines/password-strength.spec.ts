import { describe, expect, it } from '@jest/globals';
import { passwordCharacterClasses, passwordStrength } from './password-strength.js';

describe('password strength', () => {
  it('counts lowercase, uppercase, number and symbol classes', () => {
    expect(passwordCharacterClasses('')).toBe(0);
    expect(passwordCharacterClasses('abc')).toBe(1);
    expect(passwordCharacterClasses('abcD')).toBe(2);
    expect(passwordCharacterClasses('abcD1')).toBe(3);
    expect(passwordCharacterClasses('abcD1!')).toBe(4);
    expect(passwordCharacterClasses('a b')).toBe(2);
  });

  it.each([
    ['', 0, 'Too weak', 'red'],
    ['abcdefgh', 0, 'Too weak', 'red'],
    ['abC1', 0, 'Too weak', 'red'],
    ['abcde1', 1, 'Weak', 'yellow'],
    ['Ab1!xy', 1, 'Weak', 'yellow'],
    ['abcdefgh12', 1, 'Weak', 'yellow'],
    ['Abcdef1!', 2, 'Medium', 'blue'],
    ['Abcdefg1!', 2, 'Medium', 'blue'],
    ['Abcdefgh1!', 3, 'Strong', 'green'],
    ['Correct-Horse-Battery-9', 3, 'Strong', 'green'],
  ])('rates %p as level %p (%s, %s)', (password, level, label, color) => {
    expect(passwordStrength(password)).toMatchObject({ level, label, color });
  });

  it('treats a missing value as too weak', () => {
    expect(passwordStrength(undefined).level).toBe(0);
  });
});
