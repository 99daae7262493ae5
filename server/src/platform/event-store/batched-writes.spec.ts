import { describe, expect, it } from '@jest/globals';
import { executeOf, inline, mergeInserts } from './batched-writes.js';

describe('a projection write inlined for a batched trip', () => {
  it('writes text as an escaped literal, quotes and backslashes included', () => {
    expect(inline('UPDATE t SET a = $1 WHERE id = $2', ["O'Brien \\ co", 'x'])).toBe(
      `UPDATE t SET a =  E'O''Brien \\\\ co' WHERE id = 'x'`,
    );
  });

  it('keeps a text that tries to end the statement inside its literal', () => {
    expect(inline('INSERT INTO t VALUES ($1)', ["'); DROP TABLE events; --"])).toBe(
      `INSERT INTO t VALUES ('''); DROP TABLE events; --')`,
    );
  });

  it('writes null, numbers, booleans, arrays and objects as pg would send them', () => {
    expect(inline('SELECT $1, $2, $3, $4, $5::jsonb', [null, 7, true, ['a', 'b'], { k: 'v' }])).toBe(
      `SELECT NULL, '7', 'true', '{"a","b"}', '{"k":"v"}'::jsonb`,
    );
  });

  it('writes a date with its time zone, so the instant is kept', () => {
    const sql = inline('SELECT $1::timestamptz', [new Date('2026-01-02T03:04:05.678Z')]);
    expect(new Date(/'(.+)'/.exec(sql)![1]).toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  it('replaces $10 as the tenth parameter, not the first followed by 0', () => {
    const parameters = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
    expect(inline('SELECT $1, $10', parameters)).toBe(`SELECT 'p1', 'p10'`);
  });

  it('refuses a statement that names a parameter it was not given', () => {
    expect(() => inline('SELECT $2', ['only one'])).toThrow('$2');
  });
});

describe('a batched trip', () => {
  const queued = (sql: string, ...parameters: unknown[]) => ({ sql, parameters });
  const written = (statements: { sql: string; parameters: unknown[] }[]) =>
    statements.map((s) => inline(s.sql, s.parameters));
  const history = 'INSERT INTO customer_history (position, type) VALUES ($1, $2)';

  it('joins single-row inserts of one shape into one multi-row insert, in their order', () => {
    expect(
      mergeInserts([
        queued(history, 1, 'customer.created'),
        queued('UPDATE customers SET status = $2 WHERE id = $1', 'c1', 'approved'),
        queued(history, 2, 'customer.status_changed'),
      ]),
    ).toEqual([
      `INSERT INTO customer_history (position, type) VALUES ('1', 'customer.created'), ('2', 'customer.status_changed')`,
      `UPDATE customers SET status = 'approved' WHERE id = 'c1'`,
    ]);
  });

  it('keeps the order of writes to a table another statement of the trip names', () => {
    const insert = 'INSERT INTO notes (id, text) VALUES ($1, $2)';
    const statements = [
      queued(insert, 'n1', 'first'),
      queued('DELETE FROM notes WHERE id = $1', 'n1'),
      queued(insert, 'n1', 'again'),
    ];
    expect(mergeInserts(statements)).toEqual(written(statements));
  });

  it('leaves inserts that resolve conflicts or answer rows as they are', () => {
    const upsert =
      'INSERT INTO note_reads (id, up_to) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET up_to = $2';
    const statements = [queued(upsert, 'r', 1), queued(upsert, 'r', 2)];
    expect(mergeInserts(statements)).toEqual(written(statements));
  });

  it('sends a statement its connection has prepared as an execution of it, its parameters written in', () => {
    const update = 'UPDATE customers SET status = $2 WHERE id = $1';
    expect(
      mergeInserts([queued(update, 'c1', "it's")], (statement) =>
        executeOf('projection_write_1', statement.parameters),
      ),
    ).toEqual([`EXECUTE projection_write_1('c1', 'it''s')`]);
  });
});
