import { StrictMode } from 'react';
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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
