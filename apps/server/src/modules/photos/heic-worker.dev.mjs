// The HEIC decoder's thread from the sources (development, tests; heic-pool.ts), as pdf/render-worker.dev.mjs: the
// worker registers tsx itself, then loads the TypeScript. The built server runs dist/heic-worker.js (build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./heic-worker.ts');
