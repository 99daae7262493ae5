/**
 * Whether an error says the server could not be reached or failed on its own (no answer, or a 5xx from it or
 * a gateway): the session may well still be valid, so it is tried again rather than ended. Apart from the
 * session machine so that the HTTP client, on every page, does not bring XState with it.
 */
export function isUnreachable(error: unknown): boolean {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && (status === 0 || status >= 500);
}
