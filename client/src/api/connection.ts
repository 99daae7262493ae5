/**
 * Whether live updates reach this page: null while there is no connection to speak of (signed out, or not
 * yet connected once), then true or false at each connection and drop. Kept apart from the socket client
 * so the page frame can read it without loading Socket.IO.
 */
let live: boolean | null = null;
const listeners = new Set<() => void>();

export function setLive(next: boolean | null): void {
  if (next === live) return;
  live = next;
  listeners.forEach((listener) => listener());
}

export function isLive(): boolean | null {
  return live;
}

export function onLiveChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
