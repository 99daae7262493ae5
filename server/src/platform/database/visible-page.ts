/** True, within a `visiblePage` statement's parts, when the caller may see the object the page belongs to. */
export const VISIBLE = '(SELECT visible FROM visible)';

/**
 * One statement for a page of the rows that belong to one object, their total and whether the caller may see
 * the object. The page and the total are read only when it holds (their parts say so with `VISIBLE`), and a
 * row comes back even for an empty page, so a caller tells an empty page from an object that is not theirs
 * without a second round trip.
 */
export function visiblePage(parts: {
  /** A query that finds a row when the caller may see the object. */
  visible: string;
  /** A query of one row and column, `total_count`. */
  total: string;
  /** The page's rows, each with an `id`. */
  page: string;
  /** The page's order, on columns of `page`. */
  order: string;
}): string {
  return `WITH visible AS (SELECT EXISTS (${parts.visible}) AS visible),
               total AS (${parts.total}),
               page AS (${parts.page})
          SELECT page.*, total.total_count, visible.visible FROM visible CROSS JOIN total LEFT JOIN page ON true
           ORDER BY ${parts.order}`;
}

/**
 * The rows of a page read with its total in one statement: every row carries `total_count`, and a page
 * joined to its total with `LEFT JOIN` comes back as one row without an `id` when it is empty.
 */
export function pageRows<T>(found: (T & { id: string | null; total_count: number })[]): {
  rows: T[];
  count: number;
} {
  const rows = found
    .filter((row) => row.id !== null)
    .map(({ total_count: _count, ...row }) => row as unknown as T);
  return { rows, count: found[0]?.total_count ?? 0 };
}

/** What a `visiblePage` statement found: the page's rows, their total and whether the object was visible. */
export function pageFound<T>(found: (T & { id: string | null; total_count: number; visible: boolean })[]): {
  rows: T[];
  count: number;
  visible: boolean;
} {
  const { rows, count } = pageRows<T & { visible: boolean }>(found);
  return {
    rows: rows.map(({ visible: _visible, ...row }) => row as unknown as T),
    count,
    visible: found[0]?.visible ?? false,
  };
}
