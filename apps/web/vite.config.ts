import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** apps/web, whatever the working directory of the caller. */
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * The shared contract builds zod schemas at module level, so without this the whole of zod (~25 KB gzip) lands in
 * the entry chunk as soon as the shell imports a constant (STORAGE_KEYS). Its modules have no other side effects;
 * marking them so lets the bundler keep zod in the lazy chunks of the forms that validate.
 * (Same effect as "sideEffects": false in packages/contract/package.json, which we do not own.)
 */
const contractIsPure = (): Plugin => ({
  name: 'rides:contract-is-pure',
  transform(code, id) {
    if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id))
      return { code, map: null, moduleSideEffects: false };
    return null;
  },
});

export default defineConfig({
  root,
  plugins: [react(), contractIsPure()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Report gzip sizes; the entry chunk is the budget we watch (DESIGN.md §6).
    reportCompressedSize: true,
    // The entry is react-dom + react-router + Mantine core + i18next (~136 KB gzip); warn when it grows past that.
    chunkSizeWarningLimit: 460,
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 5173, strictPort: true, proxy: apiProxy },
});
