import { stringify } from 'csv-stringify/sync';

/** What a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: one that could start a formula gets a leading single quote. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Every CSV the product writes: a header row, then one row per record, no cell read as a formula. */
export function toCsv(columns: string[], rows: (string | number | null)[][]): string {
  return stringify(rows, {
    header: true,
    columns,
    cast: { string: neutraliseFormula },
  });
}
