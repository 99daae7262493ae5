import { describe, expect, it } from '@jest/globals';
import { email } from './email-address.js';
import {
  between,
  canadianToday,
  notPast,
  isCalendarDate,
  isId,
  alpha_dash,
  confirmed,
  digits,
  field,
  isEmpty,
  length,
  max,
  min,
  noMarkup,
  oneLine,
  numeric,
  personName,
  required,
  rule,
  size,
} from './validation.js';

describe('validation rules', () => {
  it('an id is a UUID in either case, and nothing else', () => {
    expect(isId('5de2c347-3eac-4e5f-be83-f93784e7932e')).toBe(true);
    expect(isId('5DE2C347-3EAC-4E5F-BE83-F93784E7932E')).toBe(true);
    expect(isId('nonsense')).toBe(false);
    expect(isId('5de2c347-3eac-4e5f-be83-f93784e7932e ')).toBe(false);
    expect(isId('5de2c347-3eac-4e5f-be83-f93784e7932')).toBe(false);
  });

  it('required fails on empty, null, an empty list, false and whitespace', () => {
    const check = field('first name', required());
    for (const value of [undefined, null, '', '   ', [], false]) {
      expect(check(value)).toBe('The first name field is required');
    }
    for (const value of ['a', 0, true, ['x'], { a: 1 }]) {
      expect(check(value)).toBeNull();
    }
    expect(isEmpty(' \n')).toBe(true);
  });

  it('email', () => {
    const check = field('email', email());
    expect(check('jane@example.ca')).toBeNull();
    expect(check('jane@example')).toBe('The email field must be a valid email');
    expect(check('jane example.ca')).toBe('The email field must be a valid email');
  });

  it('email takes an apostrophe, and refuses markup, double quotes, spaces and backslashes even where the address grammar allows them', () => {
    const check = field('email', email());
    expect(check('zoe.o-brien+docs@example.co.uk')).toBeNull();
    expect(check("o'brien@example.ca")).toBeNull();
    for (const bad of [
      "<img/src=x/onerror=__x('email')>@x.io",
      '"jane doe"@example.ca',
      'jane\\doe@example.ca',
      'jane@exa mple.ca',
      `${'a'.repeat(64)}@${'b'.repeat(190)}.ca`,
    ]) {
      expect(check(bad)).toBe('The email field must be a valid email');
    }
  });

  it('person names: letters of any script, spaces, apostrophes, hyphens, periods and commas, at most 100', () => {
    const check = field('first name', personName());
    for (const good of [
      'Zoë',
      'O’Brien',
      "D'Arcy",
      'Jean-Luc',
      'St. John',
      'Smith, Jr.',
      'Nguyễn',
      'Андрій',
    ]) {
      expect(check(good)).toBeNull();
    }
    const message =
      'The first name field may contain only letters, spaces, apostrophes, hyphens, periods and commas, at most 100 characters';
    for (const bad of ['<script>alert(1)</script>', 'Bob2', 'a@b', '--', 'Zoe & Co', 'x'.repeat(101)]) {
      expect(check(bad)).toBe(message);
    }
  });

  it('noMarkup refuses angle brackets and keeps everything else', () => {
    const check = field('company name', noMarkup());
    expect(check('Smith & Jones, LLP (Toronto)')).toBeNull();
    expect(check('Law <b>Firm</b>')).toBe('The company name field may not contain < or >');
  });

  it('numeric', () => {
    const check = field('expected value', numeric());
    expect(check('450000')).toBeNull();
    expect(check(12)).toBeNull();
    expect(check('12a')).toBe('The expected value field may only contain numeric characters');
  });

  it('oneLine refuses a line break', () => {
    const check = field('lender', oneLine());
    expect(check('TD Bank, Toronto')).toBeNull();
    expect(check('TD Bank\r\nToronto')).toBe('The lender field must be on one line');
  });

  it('takes a date on the calendar only', () => {
    for (const date of ['2028-02-29', '2026-12-31', '2027-01-01']) expect(isCalendarDate(date)).toBe(true);
    for (const date of [
      '2027-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-4-1',
      '29/02/2028',
      '',
      '2026-12-31x',
    ])
      expect(isCalendarDate(date)).toBe(false);
  });

  it('between takes whole numbers within its bounds only', () => {
    const check = field('LTV', between(1, 100));
    expect(check(80)).toBeNull();
    expect(check('100')).toBeNull();
    expect(check('')).toBeNull();
    for (const refused of [0, -5, 101, 79.5, '1e308', 'abc'])
      expect(check(refused)).toBe('The LTV field must be a whole number from 1 to 100');
    expect(field('expected value', between(1, 1_000_000_000))(1e308)).toBe(
      'The expected value field must be a whole number from 1 to 1,000,000,000',
    );
  });

  it("notPast takes today anywhere in Canada and later, and refuses yesterday's date", () => {
    // 02:30 in Toronto on 15 March is still 14 March in Vancouver: both days are someone's today.
    const now = () => new Date('2026-03-15T06:30:00Z');
    expect(canadianToday(now())).toBe('2026-03-14');
    const check = field('due date', notPast(now));
    expect(check('2026-03-14')).toBeNull();
    expect(check('2026-03-15')).toBeNull();
    expect(check('2027-01-01')).toBeNull();
    expect(check('2026-03-13')).toBe('The due date field may not be a date in the past');
    expect(check('2020-01-01')).toBe('The due date field may not be a date in the past');
  });

  it('digits checks the exact count', () => {
    const check = field('phone number', digits(10));
    expect(check('4165550100')).toBeNull();
    expect(check('416555010')).toBe('The phone number field must be numeric and exactly contain 10 digits');
    expect(check('416555010a')).toBe('The phone number field must be numeric and exactly contain 10 digits');
  });

  it('confirmed compares with the target field', () => {
    const check = field('confirm new password', confirmed('password'));
    expect(check('Secret-123', { password: 'Secret-123' })).toBeNull();
    expect(check('Secret-124', { password: 'Secret-123' })).toBe(
      'The confirm new password field confirmation does not match',
    );
  });

  it('length, min and max', () => {
    expect(field('code', length(4))('abcd')).toBeNull();
    expect(field('code', length(4))('abc')).toBe('The code field must be 4 long');
    expect(field('new password', min(8))('short')).toBe(
      'The new password field must be at least 8 characters',
    );
    expect(field('new password', min(8))('long enough')).toBeNull();
    expect(field('comment', max(5))('123456')).toBe('The comment field may not be greater than 5 characters');
    expect(field('comment', max(5))('12345')).toBeNull();
  });

  it('size in kilobytes, for one file or several', () => {
    const check = field('file', size(1));
    expect(check({ size: 1024 })).toBeNull();
    expect(check([{ size: 10 }, { size: 1025 }])).toBe('The file size must be less than 1KB');
  });

  it('alpha_dash', () => {
    const check = field('Filogix number', alpha_dash(), max(16));
    expect(check('AB-12_cd')).toBeNull();
    expect(check('AB 12')).toBe(
      'The Filogix number field may contain alpha-numeric characters as well as dashes and underscores',
    );
    expect(check('A'.repeat(17))).toBe('The Filogix number field may not be greater than 16 characters');
  });

  it('optional rules let empty values pass', () => {
    const check = field('second applicant email', email());
    expect(check('')).toBeNull();
    expect(check(null)).toBeNull();
  });

  it('a custom rule defaults to the generic message', () => {
    const check = field(
      'caption',
      rule((value) => value !== 'x'),
    );
    expect(check('x')).toBe('The caption is not valid');
    expect(check('y')).toBeNull();
  });

  it('returns the first failing rule', () => {
    const check = field('new password', required(), min(8));
    expect(check('')).toBe('The new password field is required');
    expect(check('abc')).toBe('The new password field must be at least 8 characters');
  });
});
