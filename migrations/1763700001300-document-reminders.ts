import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each client's document reminders: when the next is due, how many went out, paused or not, own schedule. */
export class DocumentReminders1763700001300 implements MigrationInterface {
  name = 'DocumentReminders1763700001300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE document_reminders (
        customer_id uuid PRIMARY KEY,
        form_sent_at timestamptz NULL,
        count integer NOT NULL DEFAULT 0,
        last_sent_at timestamptz NULL,
        next_number integer NULL,
        next_at timestamptz NULL,
        paused boolean NOT NULL DEFAULT false,
        first_delay_days integer NULL,
        interval_days integer NULL,
        max_count integer NULL,
        version integer NOT NULL
      )`);
    await db.query(
      'CREATE INDEX document_reminders_due_idx ON document_reminders (next_at) WHERE next_at IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE document_reminders');
  }
}
