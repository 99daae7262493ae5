import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A command may hold a stream it does not write at the version it was decided on (a note holds its client).
 * The check is one statement that fails the transaction when the stream has moved, so such an append
 * travels in a commit group with the others instead of reading the version in round trips of its own.
 * Its SQLSTATE, HW409, is the product's own, and its detail names the stream and the version found.
 */
export class StreamVersionCheck1763700002200 implements MigrationInterface {
  name = 'StreamVersionCheck1763700002200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION events_expect_version(p_type text, p_id text, p_version int) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        found int;
      BEGIN
        SELECT COALESCE(MAX(stream_version), 0) INTO found
          FROM events WHERE stream_type = p_type AND stream_id = p_id;
        IF found <> p_version THEN
          RAISE EXCEPTION 'The stream % % is at version %, not %', p_type, p_id, found, p_version
            USING ERRCODE = 'HW409', DETAIL = json_build_object('type', p_type, 'id', p_id, 'found', found)::text;
        END IF;
      END
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP FUNCTION events_expect_version(text, text, int)');
  }
}
