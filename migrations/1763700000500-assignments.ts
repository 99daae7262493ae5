import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Appraiser assignment details and the quote requests sent to appraisers. */
export class Assignments1763700000500 implements MigrationInterface {
  name = 'Assignments1763700000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customers
        ADD COLUMN appraisal jsonb NULL,
        ADD COLUMN appraiser_assigned_at timestamptz NULL`);
    await db.query(`ALTER TABLE lawyers ADD COLUMN updated_at timestamptz NULL`);
    await db.query(`
      CREATE TABLE appraisal_requests (
        position bigint NOT NULL,
        customer_id uuid NOT NULL,
        appraiser_id uuid NOT NULL,
        details jsonb NOT NULL,
        sent_at timestamptz NOT NULL,
        PRIMARY KEY (position, appraiser_id)
      )`);
    await db.query(
      'CREATE INDEX appraisal_requests_customer_idx ON appraisal_requests (customer_id, appraiser_id, sent_at DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE appraisal_requests');
  }
}
