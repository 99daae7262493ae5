import { useLayoutEffect } from 'react';

/** The element index.html shows while the scripts are on their way. */
const BOOT_SHELL_ID = 'boot';

/**
 * Removes the page's first frame once the application shows one of its own (the page frame, or the
 * error page): before the browser paints, so the hand-over never shows a blank frame.
 */
export function useBootShellRemoved(): void {
  useLayoutEffect(() => {
    document.getElementById(BOOT_SHELL_ID)?.remove();
  }, []);
}
