import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { areaKitGroups, recordAreaKits, RECORDING_MODE } from './build/area-kits.ts';
import { recordMantineClasses, unusedMantineRulesDropped } from './build/mantine-classes.ts';

/** The API server; in production it serves this build itself. */
const server = 'http://127.0.0.1:3000';

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

/** A script the page runs on its own, before and beside the application: its entry and chunk name. */
const EARLY_REFRESH = 'early-refresh';

/**
 * Puts the early refresh in the built page as an async script of its own, so it runs as soon as it has
 * arrived rather than after the application's scripts (Vite would bundle a second script of the page
 * into the application's).
 */
function earlyRefreshScript(): Plugin {
  return {
    name: 'homeward:early-refresh',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        const chunk = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === EARLY_REFRESH,
        );
        if (!chunk) throw new Error(`The build has no ${EARLY_REFRESH} entry.`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Names the page's stylesheets as preloads instead of stylesheets: the page's own first frame is styled in
 * the page and drawn at once, while the stylesheets arrive; the application applies them before it draws
 * (client/src/app/stylesheets.ts).
 */
function stylesheetsPreloaded(): Plugin {
  return {
    name: 'homeward:stylesheets-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="stylesheet"(?=[^>]*\bhref="[^"]+\.css")/g, '<link rel="preload" as="style"'),
    },
  };
}

/** Where the first build (area kits, client/build/area-kits.ts) writes its output and its findings. */
const RECORDING_DIR = fileURLToPath(new URL('../dist/area-kits', import.meta.url));
const RECORDED_KITS = `${RECORDING_DIR}/area-kits.json`;
const RECORDED_CLASSES = `${RECORDING_DIR}/mantine-classes.json`;

/** Mantine's breakpoints, for `$mantine-breakpoint-sm` and the like in the client's CSS. */
const BREAKPOINTS = {
  'mantine-breakpoint-xs': '36em',
  'mantine-breakpoint-sm': '48em',
  'mantine-breakpoint-md': '62em',
  'mantine-breakpoint-lg': '75em',
  'mantine-breakpoint-xl': '88em',
};

export default defineConfig(({ command, mode }) => {
  const recording = mode === RECORDING_MODE;
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: recording
      ? [react(), earlyRefreshScript(), recordAreaKits(RECORDED_KITS), recordMantineClasses(RECORDED_CLASSES)]
      : [
          react(),
          earlyRefreshScript(),
          stylesheetsPreloaded(),
          // Brotli and gzip copies beside every text file, which the server sends as the browser accepts.
          // The page itself is compressed by the server, which writes its settings into it first.
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
            exclude: /(^|[\\/])index\.html$/,
          }),
        ],
    css: {
      postcss: {
        plugins: [
          postcssPresetMantine(),
          postcssSimpleVars({ variables: BREAKPOINTS }),
          // The development server styles every component: the recorded classes may predate the code.
          ...(command === 'build' && !recording ? [unusedMantineRulesDropped(RECORDED_CLASSES)] : []),
        ],
      },
    },
    resolve: {
      alias: {
        '@machines': fileURLToPath(new URL('../machines', import.meta.url)),
        // The shims stand in for React's own store hook before React 18; React 19's is used as it is, and
        // the session's hooks and @xstate/react's share one copy of the selector.
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
        'use-sync-external-store/shim': 'use-sync-external-store',
      },
    },
    build: {
      outDir: recording ? RECORDING_DIR : fileURLToPath(new URL('../dist/client', import.meta.url)),
      emptyOutDir: true,
      // Browsers preload modules on their own (Safari since 17); one that cannot still loads them, a little
      // later, so no page carries a polyfill for it.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          [EARLY_REFRESH]: fileURLToPath(new URL('src/api/early-refresh.ts', import.meta.url)),
        },
        output: {
          codeSplitting: {
            groups: [
              // React and the router change seldom: browsers keep them across releases of the product.
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|history)[\\/]/,
                priority: 4,
              },
              // Everything the first page needs in one file (fewer requests, better compression); the areas
              // and what they share are split off by the bundler as they are loaded.
              // The early refresh stays alone, to arrive and run before the rest.
              { name: EARLY_REFRESH, test: /[\\/]early-refresh\.ts$/, priority: 5 },
              { name: 'shell', tags: ['$initial'], priority: 3 },
              // The session machine with XState, loaded by the sign-in page and every signed-in page, and
              // by no visitor's page: one file, whichever area asks for it first.
              {
                name: 'session',
                test: /node_modules[\\/]xstate[\\/]|[\\/](session-actor|session-logic|session\.machine)\.ts$/,
                priority: 2,
              },
              // The library code an area's pages load, one file per area.
              ...(recording ? [] : areaKitGroups(RECORDED_KITS, 1)),
            ],
          },
        },
      },
    },
    server: { port: 5173, strictPort: true, proxy },
    preview: { port: 4173, proxy },
  };
});
