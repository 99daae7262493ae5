/**
 * Checks on the shape of raw request input, made before any transformation: class-transformer and
 * class-validator recurse, so a deeply nested body would overflow the stack, and PostgreSQL refuses the
 * NUL character in text and JSON. Both walks here use an explicit stack, never recursion.
 */

/** Deeper than any body the product accepts (a form: body, fields, field, tutorial is 4 levels). */
export const MAX_BODY_DEPTH = 32;

const NUL = '\u0000';

/** True when lists or objects are nested more than `maxDepth` levels inside `value`. */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(node)) pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The path (`fields.0.caption`, or `root` itself) of the first string, or object key, holding a NUL
 * character; null when there is none.
 */
export function pathOfNulCharacter(value: unknown, root: string): string | null {
  const pending: { node: unknown; path: string }[] = [{ node: value, path: root }];
  const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
  while (pending.length > 0) {
    const { node, path } = pending.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL)) return path;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      if (key.includes(NUL)) return join(path, key);
      pending.push({ node: child, path: join(path, key) });
    }
  }
  return null;
}
