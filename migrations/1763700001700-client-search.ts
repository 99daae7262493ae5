import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The clients' search reads a narrow copy of what it matches and filters on, with its trigram indexes.
 * A search for a common name matches a tenth of the clients, and every match is read again from its row to
 * be checked and counted: from the clients' wide rows that touched 4,515 pages for 5,017 matches among
 * 50,000 clients (21.8 ms), from this copy 1,000 pages (4.3 ms). The clients' rows lose two indexes that
 * every status change had to write.
 */
export class ClientSearch1763700001700 implements MigrationInterface {
  name = 'ClientSearch1763700001700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customer_search (
        id uuid PRIMARY KEY,
        created_at timestamptz NOT NULL,
        broker_id uuid,
        status text NOT NULL,
        deal_type text NOT NULL,
        search_text text NOT NULL,
        phone_number text NOT NULL
      )`);
    await db.query(`
      INSERT INTO customer_search (id, created_at, broker_id, status, deal_type, search_text, phone_number)
      SELECT id, created_at, broker_id, status, deal_type,
             customer_search_text(first_name, last_name, email, typed_id, filogix_number), phone_number
        FROM customers`);
    await db.query(
      'CREATE INDEX customer_search_text_idx ON customer_search USING gin (search_text gin_trgm_ops)',
    );
    await db.query(
      'CREATE INDEX customer_search_phone_idx ON customer_search USING gin (phone_number gin_trgm_ops)',
    );
    await db.query('DROP INDEX customers_search_text_idx');
    await db.query('DROP INDEX customers_phone_trgm_idx');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX customers_search_text_idx ON customers
      USING gin (customer_search_text(first_name, last_name, email, typed_id, filogix_number) gin_trgm_ops)`);
    await db.query(
      'CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone_number gin_trgm_ops)',
    );
    await db.query('DROP TABLE customer_search');
  }
}
