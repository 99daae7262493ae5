import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Pipeline page: each stay of a client in a status, from the status change (or creation) that started
 * it to the one that ended it, under the client's broker now.
 */
export class Pipeline1763700001500 implements MigrationInterface {
  name = 'Pipeline1763700001500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE client_status_periods (
        customer_id uuid NOT NULL,
        entered_version integer NOT NULL,
        broker_id uuid,
        status text NOT NULL,
        entered_at timestamptz NOT NULL,
        left_at timestamptz,
        CONSTRAINT client_status_periods_pkey PRIMARY KEY (customer_id, entered_version)
      )`);
    await db.query(
      'CREATE INDEX client_status_periods_broker_idx ON client_status_periods (broker_id, entered_at)',
    );
    await db.query('CREATE INDEX client_status_periods_entered_idx ON client_status_periods (entered_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE client_status_periods');
  }
}
