import { perStatement } from './per-statement.js';

/** A statement's words (names, keywords, the words of its texts), lower-cased, worked out once per text. */
const wordsOf = perStatement((sql): ReadonlySet<string> => new Set(sql.toLowerCase().match(/\w+/g)));

/**
 * Whether a statement names the table: as a whole word anywhere in it, so a text or a column that spells
 * the name counts too. Rules that must not miss a table a statement reaches err on that side.
 */
export function namesTable(sql: string, table: string): boolean {
  return wordsOf(sql).has(table.toLowerCase());
}

/** The tables of `tables` a statement names, in their order. */
export function tablesNamed(sql: string, tables: readonly string[]): string[] {
  return tables.filter((table) => namesTable(sql, table));
}
