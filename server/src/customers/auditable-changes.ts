const SECRET_KEY = /hash|password|nonce|token|secret/i;

/**
 * An event's data as an auditor may read it: every key that looks like a secret is left out, however deep.
 * The audit trail shows the log's own data through this, so the rule holds wherever the trail is read.
 */
export function auditableChanges(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(auditableChanges);
  if (data && typeof data === 'object') {
    return Object.fromEntries(
      Object.entries(data as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, value]) => [key, auditableChanges(value)]),
    );
  }
  return data;
}

/** Every text in the data, however deep: the ids an entry may name. */
function textsIn(data: unknown, found = new Set<string>()): Set<string> {
  if (typeof data === 'string') found.add(data);
  else if (Array.isArray(data)) for (const item of data) textsIn(item, found);
  else if (data && typeof data === 'object') for (const value of Object.values(data)) textsIn(value, found);
  return found;
}

/** The names of the people `changes` still names once its secrets are left out. */
export function namesShown(changes: unknown, names: Record<string, string>): Record<string, string> {
  const texts = textsIn(changes);
  return Object.fromEntries(Object.entries(names).filter(([id]) => texts.has(id)));
}
