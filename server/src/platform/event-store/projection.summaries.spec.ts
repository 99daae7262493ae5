import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { withoutSummaries } from './projection.summaries.js';

describe('a replay in bulk, without its summary tables', () => {
  const sent: string[] = [];
  const tx = { query: (sql: string) => Promise.resolve(sent.push(sql)) } as unknown as EntityManager;
  const replayed = withoutSummaries(tx, ['customer_counts']);

  it('leaves out every write to a summary table', async () => {
    await replayed.query(
      `INSERT INTO customer_counts AS t (broker_id, status, deal_type, n) VALUES ($1, $2, $3, 1)
       ON CONFLICT ON CONSTRAINT customer_counts_key DO UPDATE SET n = t.n + 1`,
      ['b', 'active', 'purchase'],
    );
    await replayed.query('\n  DELETE FROM customer_counts t USING customers c WHERE c.id = $1', ['c']);
    await replayed.query('UPDATE customer_counts t SET n = t.n - 1 FROM customers c WHERE c.id = $1', ['c']);
    expect(sent).toEqual([]);
  });

  it('sends the statements on the other tables', async () => {
    await replayed.query('UPDATE customers SET status = $2 WHERE id = $1', ['c', 'approved']);
    expect(sent).toEqual(['UPDATE customers SET status = $2 WHERE id = $1']);
  });

  it('refuses a statement that reads a summary before the rebuild filled it, naming it', () => {
    expect(() =>
      replayed.query('UPDATE customers SET version = (SELECT sum(n) FROM customer_counts) WHERE id = $1', [
        'c',
      ]),
    ).toThrow(/reached the summary table customer_counts/);
  });

  it('leaves the transaction as it is when no projection keeps a summary', () => {
    expect(withoutSummaries(tx, [])).toBe(tx);
  });
});
