import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { TRIP_READ_PATH, TRIP_RUNTIME_CACHE } from './src/features/trip/cache/trip-cache-sw';
import { bootChunk } from './vite.boot-chunk';
import { localeGroups } from './vite.locales';

/** apps/web, whatever the working directory of the caller. */
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * /sw.js (002 §7, issue 3 item 7): Workbox precaches the built app shell (every chunk, so lazy pages open offline),
 * lets navigations reach the server and falls back to index.html without it, and keeps the trip page's three reads NetworkFirst (3 s) for the offline view.
 * Registration is ours (src/main.tsx, workbox-window loaded lazily): the CSP forbids inline scripts.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  registerType: 'autoUpdate',
  injectRegister: null,
  manifest: {
    name: 'rides',
    short_name: 'rides',
    description: 'rides – תכנון טיולים על בסיס מסלולים אמיתיים',
    lang: 'he',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#096d6d',
    background_color: '#ffffff',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    cacheId: 'rides',
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // Navigations are the first runtime route below, not Workbox's shell-for-every-page fallback.
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Pages come from the server (a rendered trip or home page paints before any script), and from the
        // precached shell when the network fails (offline: the app renders the page, the offline view for a trip).
        // A shell answer to every navigation would cost returning visitors that first paint.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/index.html' } },
      },
      {
        urlPattern: TRIP_READ_PATH,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          // rides-trips-v37 (000 §9); sign-out deletes the private trips' entries from the page (trip-cache-sw.ts).
          cacheName: TRIP_RUNTIME_CACHE,
          networkTimeoutSeconds: 3,
          cacheableResponse: { statuses: [200] },
          // Five trips offline (issue 3 item 7), three reads each, with room to spare.
          expiration: { maxEntries: 30 },
        },
      },
    ],
  },
});

const boot = bootChunk();

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The contract is "sideEffects": false, so a constant imported by the shell does not pull zod into the entry.
  // The server's build (dist-ssr, decision 0016) is a Node module: no service worker, no public files.
  plugins: isSsrBuild
    ? [react(), localeGroups(`${root}src/locales`)]
    : [react(), localeGroups(`${root}src/locales`), pwa, boot.plugin],
  build: {
    copyPublicDir: !isSsrBuild,
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A lazy chunk's preload list leaves out the one-icon chunks (@tabler/icons-react, one per icon shared by lazy
    // parts): the list of every lazy chunk's dependencies is written into the start of every page (4 KB gzip of
    // hashed names), and an icon is a leaf its importer fetches in the same round trip as its other imports.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !/(^|\/)Icon[A-Z]\w*-[\w-]+\.js$/.test(dep)) : deps,
    },
    // Report gzip sizes; the entry chunk is the budget we watch (DESIGN.md §6).
    reportCompressedSize: true,
    // dist/.vite/manifest.json: the server preloads a page's chunks from it (apps/server/src/plugins/page-preloads.ts).
    manifest: true,
    // The entry is react-dom + react-router + Mantine core + i18next (~136 KB gzip); warn when it grows past that.
    chunkSizeWarningLimit: 460,
    // The app's start in one chunk (vite.boot-chunk.ts); the server's build is one module anyway.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // Every top-level constant is written where it is used, as its value: the contract's page addresses
          // (page-addresses.ts, decision 0055) become strings in the router and the links instead of 47 variables,
          // 0.3 KB gzip less on every page's start.
          optimization: { inlineConst: { mode: 'all', pass: 1 } },
          output: {
            codeSplitting: {
              groups: [
                // React and React DOM first, apart: main.tsx evaluates them in a task of their own.
                {
                  name: 'client',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 2,
                },
                { name: 'boot', test: boot.test, priority: 1, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 5173, strictPort: true, proxy: apiProxy },
}));
