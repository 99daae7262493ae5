import pgUtils from 'pg/lib/utils.js';
import { perStatement } from '../database/per-statement.js';
import { tablesNamed } from '../database/statement-words.js';

const { prepareValue } = pgUtils;

/** A value of a row as a single-row INSERT writes it: one of its parameters, or a constant it spells out. */
type Item = { parameter: number } | { constant: string | null };

/** A single-row INSERT as the rows of a COPY: the table, the columns in the INSERT's order, and each value. */
export interface CopyShape {
  table: string;
  columns: string[];
  items: Item[];
}

/** Each read table's columns with their types as `format_type` spells them. */
export type ColumnTypes = ReadonlyMap<string, ReadonlyMap<string, string>>;

const SINGLE_ROW_INSERT = /^\s*INSERT INTO (\w+)\s*\(([^()]*)\)\s*VALUES\s*\(([^()]*)\)\s*$/i;
const PARAMETER = /^\$(\d+)(?:::(\w+))?$/;
const QUOTED = /^'([^'\\]*)'$/;
const BOOLEAN = /^(true|false)$/i;

/** The row's values, split at commas outside quotes. */
function itemsOf(row: string): string[] {
  return (row.match(/(?:'[^']*'|[^,'])+/g) ?? []).map((item) => item.trim());
}

/**
 * The statement as rows of a COPY, or null when a COPY could not write exactly what it writes. COPY reads
 * each value with its column's input function, as an INSERT reads an untyped literal; so a value must be a
 * parameter, a parameter cast to its column's own type, a quoted text, NULL, or a boolean for a boolean
 * column. Anything else (an expression, a cast to another type, ON CONFLICT, RETURNING) is left to INSERT.
 */
export function copyShapeOf(sql: string, columnTypes: ColumnTypes): CopyShape | null {
  const match = SINGLE_ROW_INSERT.exec(sql);
  if (!match) return null;
  const [, table, columnList, row] = match;
  const types = columnTypes.get(table);
  if (!types) return null;
  const columns = columnList.split(',').map((c) => c.trim());
  const values = itemsOf(row);
  if (values.length !== columns.length || columns.some((c) => !types.has(c))) return null;
  const items: Item[] = [];
  for (const [i, value] of values.entries()) {
    const type = types.get(columns[i]);
    const parameter = PARAMETER.exec(value);
    const quoted = QUOTED.exec(value);
    if (parameter && (!parameter[2] || parameter[2].toLowerCase() === type))
      items.push({ parameter: Number(parameter[1]) - 1 });
    else if (quoted) items.push({ constant: quoted[1] });
    else if (/^NULL$/i.test(value)) items.push({ constant: null });
    else if (BOOLEAN.test(value) && type === 'boolean') items.push({ constant: value.toLowerCase() });
    else return null;
  }
  return { table, columns, items };
}

const COPY_SPECIAL = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: pg's own value preparation (as for a parameter), then COPY's escapes. */
export function copyText(value: unknown): string {
  const prepared = prepareValue(value) as unknown;
  if (prepared === null || prepared === undefined) return '\\N';
  if (Buffer.isBuffer(prepared)) return `\\\\x${prepared.toString('hex')}`;
  return String(prepared).replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]);
}

/** A row of a COPY in text format, its line end included. */
export function copyLine(shape: CopyShape, parameters: readonly unknown[]): string {
  let line = '';
  for (const [i, item] of shape.items.entries()) {
    if (i > 0) line += '\t';
    line += 'parameter' in item ? copyText(parameters[item.parameter]) : copyText(item.constant);
  }
  return `${line}\n`;
}

/** `COPY table (columns) FROM STDIN` for rows of the shape. */
export function copyStatement(shape: CopyShape): string {
  return `COPY ${shape.table} (${shape.columns.join(', ')}) FROM STDIN`;
}

/**
 * What a rebuild sends as COPY: the read tables' column types, with each statement's shape and the tables
 * it names worked out once per statement text.
 */
export class CopyPlan {
  readonly shapeOf: (sql: string) => CopyShape | null;
  /** The read tables a statement names, as a word anywhere in it. */
  readonly tablesNamed: (sql: string) => readonly string[];

  constructor(columnTypes: ColumnTypes) {
    const tables = [...columnTypes.keys()];
    this.shapeOf = perStatement((sql) => copyShapeOf(sql, columnTypes));
    this.tablesNamed = perStatement((sql) => tablesNamed(sql, tables));
  }
}
