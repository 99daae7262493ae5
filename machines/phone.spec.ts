import { describe, expect, it } from '@jest/globals';
import { formatPhone, formatPhoneOrUnknown, phoneDigits, toLocalPhone, toWirePhone } from './phone.js';

describe('phone', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('+1 (416) 555-0100')).toBe('14165550100');
    expect(phoneDigits(null)).toBe('');
  });

  it('formats a stored number as + country digit, then 3, 3 and the rest', () => {
    expect(formatPhone('14165550100')).toBe('+1 416 555 0100');
    expect(formatPhone('+1 416-555-0100')).toBe('+1 416 555 0100');
    expect(formatPhone('1416555')).toBe('+1 416 555');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });

  it('formats for the delete confirmation or says unknown phone', () => {
    expect(formatPhoneOrUnknown('14165550100')).toBe('+1 416 555 0100');
    expect(formatPhoneOrUnknown('')).toBe('unknown phone');
    expect(formatPhoneOrUnknown(null)).toBe('unknown phone');
    expect(formatPhoneOrUnknown('1416555')).toBe('unknown phone');
  });

  it('reads the 10 local digits from typed or pasted input', () => {
    expect(toLocalPhone('416 555 0100')).toBe('4165550100');
    expect(toLocalPhone('+1 416 555 0100')).toBe('4165550100');
    expect(toLocalPhone('41655501009')).toBe('4165550100');
    expect(toLocalPhone('416')).toBe('416');
  });

  it('sends 1 followed by the 10 digits', () => {
    expect(toWirePhone('4165550100')).toBe('14165550100');
    expect(toWirePhone('(416) 555-0100')).toBe('14165550100');
    expect(toWirePhone('14165550100')).toBe('14165550100');
  });
});
