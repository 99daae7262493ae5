import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client is found however their name is typed: 'levesque' finds Lévesque, 'francois' François, "o'brien"
 * O’Brien (the apostrophe a phone types), and a name stored with its accents as separate marks finds the
 * same as one typed whole. `search_fold` is applied alike to the search rows and to what is searched for;
 * its `unaccent` dictionary is named with its schema, so the fold reads the same on any search path (a
 * rebuild's included). A database not in UTF-8 (an old embedded one) folds case only.
 */
/** The clients' search text, folded by `fold`, and their search rows written again with it. */
async function searchTextFoldedBy(db: QueryRunner, fold: string): Promise<void> {
  await db.query(`
    CREATE OR REPLACE FUNCTION customer_search_text(first_name text, last_name text, email text, typed_id text, filogix_number text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ${fold}(first_name || ' ' || last_name || ' ' || email || ' ' || typed_id || ' ' || COALESCE(filogix_number, ''))`);
  await db.query(`
    UPDATE customer_search s
       SET search_text = customer_search_text(c.first_name, c.last_name, c.email, c.typed_id, c.filogix_number)
      FROM customers c
     WHERE c.id = s.id`);
}

export class SearchFoldsAccents1763700002400 implements MigrationInterface {
  name = 'SearchFoldsAccents1763700002400';

  async up(db: QueryRunner): Promise<void> {
    const [{ encoding }] = (await db.query("SELECT current_setting('server_encoding') AS encoding")) as {
      encoding: string;
    }[];
    if (encoding === 'UTF8') {
      await db.query('CREATE EXTENSION IF NOT EXISTS unaccent');
      const [{ schema }] = (await db.query(
        "SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'",
      )) as { schema: string }[];
      await db.query(`
        CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN lower(${schema}.unaccent('${schema}.unaccent'::regdictionary, $1))`);
    } else {
      await db.query(`
        CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN lower($1)`);
    }
    await searchTextFoldedBy(db, 'search_fold');
  }

  async down(db: QueryRunner): Promise<void> {
    await searchTextFoldedBy(db, 'lower');
    await db.query('DROP FUNCTION search_fold(text)');
  }
}
