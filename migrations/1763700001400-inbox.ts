import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The header's badges: how far each user has looked at their clients' updates, and an index that lets the
 * bell read the newest updates of a few kinds without walking every event of the clients' histories.
 */
export class Inbox1763700001400 implements MigrationInterface {
  name = 'Inbox1763700001400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE update_reads (
        user_id uuid PRIMARY KEY,
        read_up_to bigint NOT NULL
      )`);
    await db.query('CREATE INDEX customer_history_type_idx ON customer_history (type, position DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX customer_history_type_idx');
    await db.query('DROP TABLE update_reads');
  }
}
