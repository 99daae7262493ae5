interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the task the caller runs in and goes on in a new one, ahead of other waiting work where the browser
 * can (`scheduler.yield`), so that starting the application never holds a phone's main thread for long.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** Settles once the browser has drawn its next frame (the callback of a frame runs just before it is drawn). */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
