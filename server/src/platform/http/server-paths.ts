/** Where the API answers. */
export const API_PREFIXES = ['/auth/api/', '/core/api/', '/events/api/', '/health'];

/** Everything the server answers itself; every other page address loads the client. */
export const SERVER_PREFIXES = [...API_PREFIXES, '/socket.io', '/api/docs'];

export function isUnder(prefixes: readonly string[], path: string): boolean {
  return prefixes.some((prefix) => path.startsWith(prefix));
}
