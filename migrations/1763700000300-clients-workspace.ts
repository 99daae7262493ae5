import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Client flags and steps, notes with per-reader marks, and the per-client audit trail. */
export class ClientsWorkspace1763700000300 implements MigrationInterface {
  name = 'ClientsWorkspace1763700000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE customers
        ADD COLUMN is_review_requested boolean NOT NULL DEFAULT false,
        ADD COLUMN review_requested_at timestamptz NULL,
        ADD COLUMN steps jsonb NOT NULL DEFAULT '[]'::jsonb,
        ADD COLUMN lawyer_id uuid NULL,
        ADD COLUMN lawyer_status text NOT NULL DEFAULT 'empty',
        ADD COLUMN appraiser_id uuid NULL,
        ADD COLUMN appraiser_status text NOT NULL DEFAULT 'empty',
        ADD COLUMN folder_name text NULL,
        ADD COLUMN archived_folders jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await db.query(`CREATE INDEX customers_search_idx ON customers (lower(last_name), lower(first_name))`);
    await db.query(`
      CREATE TABLE notes (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        author_id uuid NOT NULL,
        text text NOT NULL,
        file_key text NULL,
        file_name text NULL,
        file_type text NULL,
        file_size bigint NULL,
        position bigint NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX notes_customer_idx ON notes (customer_id, created_at DESC)');
    await db.query(`
      CREATE TABLE note_reads (
        customer_id uuid NOT NULL,
        user_id uuid NOT NULL,
        read_up_to bigint NOT NULL,
        PRIMARY KEY (customer_id, user_id)
      )`);
    await db.query(`
      CREATE TABLE customer_history (
        position bigint PRIMARY KEY,
        customer_id uuid NOT NULL,
        type text NOT NULL,
        stream_type text NOT NULL,
        stream_id text NOT NULL,
        actor_id uuid NULL,
        actor_role text NULL,
        changes jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX customer_history_idx ON customer_history (customer_id, position DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE customer_history, note_reads, notes');
  }
}
