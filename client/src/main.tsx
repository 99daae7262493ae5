import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setupInspector } from './app/inspect';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { reloadOnStaleChunks } from './app/stale-build';

async function start() {
  reloadOnStaleChunks();
  await setupInspector();
  const router = createRouter();
  const root = createRoot(document.getElementById('root')!);
  // The first render yields to the browser every few milliseconds instead of holding a slow phone's main
  // thread for the whole page; the page's own frame shows meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void start();
