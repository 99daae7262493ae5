/** Where the API answers. */
export const API_PREFIXES = ['/auth/api/', '/core/api/', '/events/api/', '/health'];

/** Everything the server answers itself; every other page address loads the client. */
export const SERVER_PREFIXES = [...API_PREFIXES, '/socket.io', '/api/docs'];

/** The client's built scripts and styles, named by a hash of their content. */
export const ASSETS_PATH = '/assets/';

export function isUnder(prefixes: readonly string[], path: string): boolean {
  return prefixes.some((prefix) => path.startsWith(prefix));
}
