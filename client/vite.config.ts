import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server; in production it serves this build itself. */
const server = 'http://localhost:3000';

/** Static files shipped with the client that live under the proxied /files path. */
const localFiles = ['/files/home_mortgage_advice_appraisal_order_form.pdf'];

const proxy: Record<string, string | ProxyOptions> = {
  '/auth/api': server,
  '/core/api': server,
  '/events/api': server,
  '/socket.io': { target: server, ws: true },
  '/files': {
    target: server,
    bypass: (req) => (localFiles.some((file) => req.url?.startsWith(file)) ? req.url : undefined),
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@machines': fileURLToPath(new URL('../machines', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
