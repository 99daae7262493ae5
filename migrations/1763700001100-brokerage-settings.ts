import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The brokerage's details as principal brokers set them (one row; unset details come from the environment). */
export class BrokerageSettings1763700001100 implements MigrationInterface {
  name = 'BrokerageSettings1763700001100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE brokerage_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        settings jsonb NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE brokerage_settings');
  }
}
