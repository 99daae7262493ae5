import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many clients each broker has per status and deal type, kept by the customers projection, so the
 * clients list's total is a sum over at most brokers x statuses x deal types rows instead of a count of
 * every matching client on every page.
 */
export class ClientCounts1763700000900 implements MigrationInterface {
  name = 'ClientCounts1763700000900';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customer_counts (
        broker_id uuid,
        status text NOT NULL,
        deal_type text NOT NULL,
        n integer NOT NULL,
        CONSTRAINT customer_counts_key UNIQUE NULLS NOT DISTINCT (broker_id, status, deal_type)
      )`);
    await db.query(`
      INSERT INTO customer_counts (broker_id, status, deal_type, n)
      SELECT broker_id, status, deal_type, count(*) FROM customers GROUP BY 1, 2, 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE customer_counts');
  }
}
