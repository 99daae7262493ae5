const LAST_RELOAD = 'homeward.stale-build-reload';
/** A chunk still missing this soon after a reload is missing for another reason: no second reload. */
const RELOAD_PAUSE_MS = 10_000;

/**
 * A page opened before a release asks for the previous build's chunks when it first opens an area, and
 * those are gone: one reload brings the current page and its chunks.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(sessionStorage.getItem(LAST_RELOAD) ?? 0);
      if (Date.now() - last < RELOAD_PAUSE_MS) return;
      sessionStorage.setItem(LAST_RELOAD, String(Date.now()));
    } catch {
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
