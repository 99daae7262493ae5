import { describe, expect, it } from '@jest/globals';
import { copyLine, copyShapeOf, copyStatement, copyText, CopyPlan, type ColumnTypes } from './copy-rows.js';

const types: ColumnTypes = new Map([
  [
    'history',
    new Map([
      ['position', 'bigint'],
      ['customer_id', 'uuid'],
      ['changes', 'jsonb'],
      ['status', 'text'],
      ['seen', 'boolean'],
    ]),
  ],
  ['notes', new Map([['id', 'uuid']])],
]);

describe('a single-row INSERT as rows of a COPY', () => {
  it('takes parameters, a cast to the column its own type, a quoted text, NULL and a boolean for a boolean column', () => {
    const shape = copyShapeOf(
      `INSERT INTO history (position, customer_id, changes, status, seen)
       VALUES ($1, $2, $3::jsonb, 'in_review', true)`,
      types,
    );
    expect(shape).toEqual({
      table: 'history',
      columns: ['position', 'customer_id', 'changes', 'status', 'seen'],
      items: [
        { parameter: 0 },
        { parameter: 1 },
        { parameter: 2 },
        { constant: 'in_review' },
        { constant: 'true' },
      ],
    });
    expect(copyStatement(shape!)).toBe(
      'COPY history (position, customer_id, changes, status, seen) FROM STDIN',
    );
  });

  it('uses one parameter for two columns as the INSERT does', () => {
    const shape = copyShapeOf('INSERT INTO history (position, status) VALUES ($1, $1)', types);
    expect(copyLine(shape!, ['7'])).toBe('7\t7\n');
  });

  it.each([
    ['an expression', 'INSERT INTO history (position, status) VALUES ($1, lower($2))'],
    [
      'a cast to another type than the column',
      'INSERT INTO history (position, status) VALUES ($1, $2::jsonb)',
    ],
    ['a boolean for a text column', 'INSERT INTO history (position, status) VALUES ($1, true)'],
    ['a number', 'INSERT INTO history (position, status) VALUES (1, $1)'],
    ['ON CONFLICT', 'INSERT INTO history (position) VALUES ($1) ON CONFLICT DO NOTHING'],
    ['RETURNING', 'INSERT INTO history (position) VALUES ($1) RETURNING position'],
    ['a table it does not know', 'INSERT INTO elsewhere (position) VALUES ($1)'],
    ['a column it does not know', 'INSERT INTO history (position, other) VALUES ($1, $2)'],
    ['several rows', 'INSERT INTO history (position) VALUES ($1), ($2)'],
    ['an UPDATE', 'UPDATE history SET status = $2 WHERE position = $1'],
  ])('leaves a statement with %s to INSERT', (_, sql) => {
    expect(copyShapeOf(sql, types)).toBeNull();
  });

  it('keeps a quoted text with a comma in it as one value', () => {
    const shape = copyShapeOf(`INSERT INTO history (status, position) VALUES ('a, b', $1)`, types);
    expect(copyLine(shape!, ['1'])).toBe('a, b\t1\n');
  });
});

describe("a value in COPY's text format", () => {
  it('escapes backslashes, tabs, newlines and carriage returns, so a text cannot start another column or row', () => {
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
  });

  it('writes null and undefined as \\N, and the text "\\N" as itself', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText('\\N')).toBe('\\\\N');
  });

  it('writes numbers, booleans, arrays and objects as pg would send them as parameters', () => {
    expect([7, true, ['a', 'b'], { k: 'v' }].map(copyText)).toEqual(['7', 'true', '{"a","b"}', '{"k":"v"}']);
  });

  it('writes a date with its time zone, so the instant is kept', () => {
    const text = copyText(new Date('2026-01-02T03:04:05.678Z'));
    expect(new Date(text).toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  it('writes bytes as escaped hex', () => {
    expect(copyText(Buffer.from([0, 255]))).toBe('\\\\x00ff');
  });
});

describe('a copy plan', () => {
  it('names the tables a statement reaches, as whole words', () => {
    const plan = new CopyPlan(types);
    expect(plan.tablesNamed('UPDATE history SET status = $1 WHERE id IN (SELECT id FROM notes)')).toEqual([
      'history',
      'notes',
    ]);
    expect(plan.tablesNamed('UPDATE history_archive SET status = $1')).toEqual([]);
  });
});
