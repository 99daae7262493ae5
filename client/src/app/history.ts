import { createBrowserHistory, createPath, type To } from 'history';
import type { HistoryRouterProps } from 'react-router-dom';

/** The address `to` names, on this page's origin. */
function createURL(to: To): URL {
  return new URL(typeof to === 'string' ? to : createPath(to), window.location.origin);
}

/**
 * The browser's history, which the router follows. Leaving a page with unsaved changes is blocked
 * through it (`leave-guard.ts`), the back button included. The router also asks a history for URLs and
 * encoded paths, which it derives here as its own browser history does.
 */
export const browserHistory = Object.assign(createBrowserHistory(), {
  createURL,
  encodeLocation: (to: To) => {
    const { pathname, search, hash } = createURL(to);
    return { pathname, search, hash };
  },
});

/**
 * The same history as the router's type names it. The router reads an update's action and location only;
 * `history` sends no `delta` with them, which the type also lists.
 */
export const routerHistory = browserHistory as unknown as HistoryRouterProps['history'];
