import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes that let the clients list answer from an index with tens of thousands of clients: every order the
 * list uses (newest first, per status, per broker) with the id that breaks ties, and trigram indexes so a
 * search for part of a name, an e-mail, a client number or a phone number does not read the whole table.
 * The search text is one expression, `customer_search_text`, so the list's query and the index match.
 */
export class ClientListIndexes1763700000700 implements MigrationInterface {
  name = 'ClientListIndexes1763700000700';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.query(`
      CREATE FUNCTION customer_search_text(first_name text, last_name text, email text, typed_id text, filogix_number text)
      RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN lower(first_name || ' ' || last_name || ' ' || email || ' ' || typed_id || ' ' || COALESCE(filogix_number, ''))`);
    await db.query('DROP INDEX customers_broker_idx');
    await db.query('DROP INDEX customers_status_idx');
    await db.query('CREATE INDEX customers_newest_idx ON customers (created_at DESC, id)');
    await db.query('CREATE INDEX customers_broker_idx ON customers (broker_id, created_at DESC, id)');
    await db.query('CREATE INDEX customers_status_idx ON customers (status, created_at DESC, id)');
    await db.query(`CREATE INDEX customers_search_text_idx ON customers
      USING gin (customer_search_text(first_name, last_name, email, typed_id, filogix_number) gin_trgm_ops)`);
    await db.query(
      'CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone_number gin_trgm_ops)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX customers_phone_trgm_idx');
    await db.query('DROP INDEX customers_search_text_idx');
    await db.query('DROP INDEX customers_status_idx');
    await db.query('DROP INDEX customers_broker_idx');
    await db.query('DROP INDEX customers_newest_idx');
    await db.query('CREATE INDEX customers_status_idx ON customers (status, created_at DESC)');
    await db.query('CREATE INDEX customers_broker_idx ON customers (broker_id, created_at DESC)');
    await db.query('DROP FUNCTION customer_search_text');
  }
}
