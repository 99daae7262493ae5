import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Appends no longer wait for one another to commit. Until now every insert into `events` took one lock
 * held until commit, so positions became visible in order, but commits ran one at a time (PostgreSQL
 * could not flush several in one write). Now each inserting transaction holds a shared advisory lock
 * (class 1701) from before it draws its positions until it ends: shared, so appends do not wait for each
 * other, and visible in `pg_locks`, so a reader that finds a position missing below a committed one can
 * tell a transaction still in flight (wait for it) from one that rolled back (pass the gap).
 */
export class ConcurrentAppends1763700000800 implements MigrationInterface {
  name = 'ConcurrentAppends1763700000800';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER events_append_in_order ON events');
    await db.query('DROP FUNCTION events_append_in_order()');
    await db.query(`
      CREATE FUNCTION events_appending() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock_shared(1701, 0);
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER events_appending BEFORE INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_appending()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER events_appending ON events');
    await db.query('DROP FUNCTION events_appending()');
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
}
