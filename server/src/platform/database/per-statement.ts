/**
 * Statement texts remembered at most. Statements built from what changed (filters, changed columns) take
 * many shapes, so a memo that reaches this starts again instead of growing without end.
 */
const STATEMENTS_KEPT = 2000;

/** `compute` of a statement's text, worked out once per text; a throw is not remembered. */
export function perStatement<T>(compute: (sql: string) => T): (sql: string) => T {
  const kept = new Map<string, T>();
  return (sql) => {
    if (kept.has(sql)) return kept.get(sql)!;
    const value = compute(sql);
    if (kept.size >= STATEMENTS_KEPT) kept.clear();
    kept.set(sql, value);
    return value;
  };
}
