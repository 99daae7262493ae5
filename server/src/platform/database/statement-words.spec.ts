import { describe, expect, it } from '@jest/globals';
import { namesTable, tablesNamed } from './statement-words.js';

describe('the tables a statement names', () => {
  it('finds a table named anywhere in a statement, whatever its case', () => {
    expect(namesTable('update NOTES set body = $1', 'notes')).toBe(true);
    expect(namesTable('SELECT 1 FROM customers c JOIN notes n ON n.customer_id = c.id', 'notes')).toBe(true);
  });

  it('does not take a longer name that contains the table for the table', () => {
    expect(namesTable('INSERT INTO note_reads (user_id) VALUES ($1)', 'notes')).toBe(false);
    expect(namesTable('UPDATE customer_counts SET n = n + 1', 'customers')).toBe(false);
  });

  it('counts a table spelled in a text, erring on the side of the rules that use it', () => {
    expect(namesTable("SELECT 'notes'", 'notes')).toBe(true);
  });

  it('answers the tables named in the order they were asked about', () => {
    expect(
      tablesNamed('DELETE FROM forms WHERE customer_id IN (SELECT id FROM customers)', [
        'customers',
        'notes',
        'forms',
      ]),
    ).toEqual(['customers', 'forms']);
  });
});
