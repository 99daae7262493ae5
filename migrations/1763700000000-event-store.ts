import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EventStore1763700000000 implements MigrationInterface {
  name = 'EventStore1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        stream_type text NOT NULL,
        stream_id text NOT NULL,
        stream_version integer NOT NULL CHECK (stream_version > 0),
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CONSTRAINT events_stream_version_unique UNIQUE (stream_type, stream_id, stream_version)
      )`);
    await db.query(`CREATE INDEX events_type_idx ON events (type, global_position)`);
    await db.query(`CREATE INDEX events_transaction_idx ON events (transaction_id)`);
    // Events are facts: the database itself refuses to change or remove them.
    await db.query(`
      CREATE FUNCTION refuse_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await db.query(
      `CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION refuse_event_change()`,
    );
    await db.query(
      `CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION refuse_event_change()`,
    );
    await db.query(`
      CREATE TABLE processor_checkpoints (
        name text PRIMARY KEY,
        position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(): Promise<void> {
    throw new Error('The event store is never rolled back.');
  }
}
