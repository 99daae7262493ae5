import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobOutbox1763700000650 implements MigrationInterface {
  name = 'JobOutbox1763700000650';

  async up(db: QueryRunner): Promise<void> {
    // Jobs a processor decided on, written in the transaction that moves its checkpoint and worked after
    // commit: a job is never lost with the checkpoint moved, and never runs inside that transaction.
    await db.query(`
      CREATE TABLE jobs (
        id text PRIMARY KEY,
        name text NOT NULL,
        queue text NOT NULL,
        data jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX jobs_due_idx ON jobs (queue, run_at)`);
    // Every insert into the log takes one transaction-wide lock before its positions are drawn, and holds
    // it until commit: positions become visible in order, so readers need not wait for the oldest
    // transaction on the server (transaction ids are cluster-wide) to know that no earlier event is coming.
    await db.query(`
      CREATE FUNCTION events_append_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('events:append'));
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER events_append_in_order BEFORE INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_append_in_order()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER events_append_in_order ON events');
    await db.query('DROP FUNCTION events_append_in_order()');
    await db.query('DROP TABLE jobs');
  }
}
