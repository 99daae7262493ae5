import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many changes the clients' search rows have had: the events that created, deleted or re-filed a
 * client's search row, as the clients' projection counts them. A search's kept results are answered again
 * only while this number has not moved (`server/src/customers/kept-searches.ts`). The changes already in
 * the log are counted here as the projection counts them, so the live table and a rebuild agree.
 */
export const SEARCH_ROW_CHANGES_IN_LOG = `
  SELECT count(*) FROM events
   WHERE stream_type = 'customer'
     AND (type IN ('customer.created', 'customer.status_changed', 'customer.deleted')
          OR (type = 'customer.updated' AND data->'changes' ?| ARRAY['firstName', 'lastName', 'email',
                'phoneNumber', 'filogixNumber', 'brokerId', 'dealType']))`;

export class ClientSearchChanges1763700002600 implements MigrationInterface {
  name = 'ClientSearchChanges1763700002600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customer_search_changes (
        id smallint PRIMARY KEY CHECK (id = 1),
        n bigint NOT NULL
      )`);
    // A rebuild writes the row with the first change it replays, so none is written for a log without any.
    await db.query(
      `INSERT INTO customer_search_changes (id, n)
       SELECT 1, changes.n FROM (${SEARCH_ROW_CHANGES_IN_LOG}) AS changes(n) WHERE changes.n > 0`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE customer_search_changes');
  }
}
