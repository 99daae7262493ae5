export const OFFLINE_TEXT = 'You are offline. Your changes will be sent when the connection is back.';
export const RECONNECTING_TEXT = 'Connection to Homeward lost. Trying to reconnect…';
/** A drop of live updates this short (a server restart, a network handover) passes unannounced. */
export const RECONNECT_GRACE_MS = 3_000;

/**
 * What the page says of its connection: nothing while it is fine or a drop is still short; offline first,
 * since it says why live updates stopped too.
 */
export function connectionNotice(state: { online: boolean; liveLostLong: boolean }): string | null {
  if (!state.online) return OFFLINE_TEXT;
  return state.liveLostLong ? RECONNECTING_TEXT : null;
}
