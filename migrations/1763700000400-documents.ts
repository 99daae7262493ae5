import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Document-request forms, uploaded files with their review status, and per-file chat. */
export class Documents1763700000400 implements MigrationInterface {
  name = 'Documents1763700000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE forms (
        code text PRIMARY KEY,
        customer_id uuid NOT NULL,
        fields jsonb NOT NULL,
        is_archived boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await db.query('CREATE INDEX forms_customer_idx ON forms (customer_id, is_archived, created_at DESC)');
    await db.query(`
      CREATE TABLE form_files (
        id uuid PRIMARY KEY,
        code text NOT NULL,
        customer_id uuid NOT NULL,
        field_name text NOT NULL,
        caption text NOT NULL,
        file_name text NOT NULL,
        file_type text NOT NULL,
        extension text NOT NULL,
        size bigint NOT NULL,
        storage_key text NOT NULL,
        status text NOT NULL,
        thumbnail_key text NULL,
        uploaded_by uuid NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await db.query('CREATE INDEX form_files_code_idx ON form_files (code, created_at DESC)');
    await db.query('CREATE INDEX form_files_customer_idx ON form_files (customer_id, status)');
    await db.query(`
      CREATE TABLE file_comments (
        id uuid PRIMARY KEY,
        file_id uuid NOT NULL,
        code text NOT NULL,
        customer_id uuid NOT NULL,
        author_id uuid NOT NULL,
        text text NOT NULL,
        file_key text NULL,
        file_name text NULL,
        file_type text NULL,
        file_size bigint NULL,
        thumbnail_key text NULL,
        position bigint NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX file_comments_file_idx ON file_comments (file_id, created_at DESC)');
    await db.query('CREATE INDEX file_comments_customer_idx ON file_comments (customer_id)');
    await db.query(`
      CREATE TABLE comment_reads (
        file_id uuid NOT NULL,
        user_id uuid NOT NULL,
        read_up_to bigint NOT NULL,
        PRIMARY KEY (file_id, user_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE comment_reads, file_comments, form_files, forms');
  }
}
