import { describe, expect, it } from '@jest/globals';
import { perStatement } from './per-statement.js';

describe('a memo per statement text', () => {
  it('works a text out once and answers it again from memory', () => {
    let calls = 0;
    const length = perStatement((sql) => (calls++, sql.length));
    expect(length('SELECT 1')).toBe(8);
    expect(length('SELECT 1')).toBe(8);
    expect(calls).toBe(1);
  });

  it('remembers a null answer as an answer', () => {
    let calls = 0;
    const none = perStatement(() => (calls++, null));
    none('DELETE FROM t');
    none('DELETE FROM t');
    expect(calls).toBe(1);
  });

  it('does not remember a throw, so the statement is refused every time', () => {
    let calls = 0;
    const refuse = perStatement((): never => {
      calls++;
      throw new Error('refused');
    });
    expect(() => refuse('UPDATE t SET a = 1')).toThrow('refused');
    expect(() => refuse('UPDATE t SET a = 1')).toThrow('refused');
    expect(calls).toBe(2);
  });

  it('starts again after 2,000 texts instead of growing without end', () => {
    let calls = 0;
    const seen = perStatement((sql) => (calls++, sql));
    for (let n = 0; n <= 2000; n++) seen(`SELECT ${n}`);
    expect(calls).toBe(2001);
    seen('SELECT 2000');
    expect(calls).toBe(2001);
    seen('SELECT 0');
    expect(calls).toBe(2002);
  });
});
