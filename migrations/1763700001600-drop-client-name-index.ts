import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The clients' index on their last and first names served the first search; the trigram indexes serve it
 * now and no query reads this one, while every new client and every status change still had to write it.
 */
export class DropClientNameIndex1763700001600 implements MigrationInterface {
  name = 'DropClientNameIndex1763700001600';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX customers_search_idx');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX customers_search_idx ON customers (lower(last_name), lower(first_name))');
  }
}
