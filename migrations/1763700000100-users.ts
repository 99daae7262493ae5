import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Users1763700000100 implements MigrationInterface {
  name = 'Users1763700000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        role text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone_number text NOT NULL,
        email text NOT NULL DEFAULT '',
        password_hash text NOT NULL,
        require_change_password boolean NOT NULL DEFAULT false,
        customer_id uuid NULL,
        is_active boolean NOT NULL DEFAULT true,
        last_login_at timestamptz NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX users_phone_active_idx ON users (phone_number) WHERE is_active`);
    await db.query(`CREATE INDEX users_role_idx ON users (role, first_name)`);
    await db.query(`
      CREATE TABLE refresh_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        token_hash text NOT NULL,
        revoked boolean NOT NULL DEFAULT false,
        revoked_reason text NULL,
        created_at timestamptz NOT NULL,
        rotated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await db.query(`CREATE INDEX refresh_sessions_user_idx ON refresh_sessions (user_id)`);
    await db.query(`
      CREATE TABLE activity_log (
        position bigint PRIMARY KEY,
        rel_type text NOT NULL,
        rel_id text NOT NULL,
        type text NOT NULL,
        created timestamptz NOT NULL,
        context jsonb NOT NULL
      )`);
    await db.query(`CREATE INDEX activity_log_rel_idx ON activity_log (rel_type, rel_id, position)`);
    await db.query(`
      CREATE TABLE messages_sent (
        id text PRIMARY KEY,
        channel text NOT NULL,
        recipient text NOT NULL,
        recipient_user_id uuid NULL,
        subject text NOT NULL DEFAULT '',
        text text NOT NULL,
        sent_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE messages_sent, activity_log, refresh_sessions, users');
  }
}
