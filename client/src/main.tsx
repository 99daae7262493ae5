import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { browserHistory, routerHistory } from './app/history';
import { setupInspector } from './app/inspect';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadAreas } from './app/router';
import { reloadOnStaleChunks } from './app/stale-build';
import { applyStylesheets } from './app/stylesheets';
import { afterNextFrame, yieldToBrowser } from './app/main-thread';

async function start() {
  reloadOnStaleChunks();
  await setupInspector();
  // The page's modules have just run, in one task: each step that follows runs in a task of its own.
  await yieldToBrowser();
  preloadAreas(browserHistory.location);
  browserHistory.listen(({ location }) => preloadAreas(location));
  // The page's own frame is on the screen before the application draws its first, however fast the
  // scripts came.
  await afterNextFrame();
  await applyStylesheets();
  const root = createRoot(document.getElementById('root')!);
  // The first render yields to the browser every few milliseconds instead of holding a slow phone's main
  // thread for the whole page; the page's own frame shows meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <HistoryRouter history={routerHistory}>
            <AppRoutes />
          </HistoryRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
