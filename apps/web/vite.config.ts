import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** apps/web, whatever the working directory of the caller. */
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root,
  // The contract is "sideEffects": false, so a constant imported by the shell does not pull zod into the entry.
  plugins: [react()],
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
