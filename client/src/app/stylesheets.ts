/**
 * The built page names its stylesheets as preloads, not as stylesheets (client/vite.config.ts), so that its
 * own first frame, styled in the page, is drawn as soon as the page has arrived instead of after the
 * stylesheets. The application applies them here, before it draws anything; they have been on their way
 * since the page started.
 */
export function applyStylesheets(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all([...preloads].map(apply)).then(() => undefined);
}

/** The stylesheet a preload fetched, applied; settled once it applies or fails (the page is drawn anyway). */
function apply(preload: HTMLLinkElement): Promise<void> {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  // The same request as the preload's, so the browser takes its answer rather than asking again.
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
  sheet.href = preload.href;
  const applied = new Promise<void>((resolve) => {
    sheet.onload = () => resolve();
    sheet.onerror = () => resolve();
  });
  preload.after(sheet);
  return applied;
}
