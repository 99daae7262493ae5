/**
 * File links are signed anew on every read, so each read of a list would make the browser download every
 * preview again. A link already shown is kept while it names the same file and stays valid for a while.
 */

interface LinkClaims {
  key: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** The file and expiry a signed link names (`/core/api/v3/files/<token>/`), or null for another link. */
export function linkClaims(url: string | null | undefined): LinkClaims | null {
  const payload = url && /\/files\/[\w-]+\.([\w-]+)\.[\w-]+\/?$/.exec(url)?.[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const { key, exp } = (claims ?? {}) as Partial<LinkClaims>;
    return typeof key === 'string' && typeof exp === 'number' ? { key, exp } : null;
  } catch {
    return null;
  }
}

/**
 * The link to show: the one shown already when it names the same file and is still valid `validFor`
 * seconds from now, otherwise the fresh one.
 */
export function keptLink<T extends string | null>(
  shown: string | null | undefined,
  fresh: T,
  nowSeconds: number,
  validFor: number,
): T | string {
  const old = linkClaims(shown);
  const next = linkClaims(fresh);
  return old && next && old.key === next.key && old.exp - nowSeconds > validFor ? shown! : fresh;
}
