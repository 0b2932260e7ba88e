// The PDF render worker from the sources (development, tests; render-pool.ts): Node 20 does not apply a loader given
// with --import to a worker's own module, so the worker registers tsx itself, then loads the TypeScript. The built
// server runs dist/pdf-render-worker.js instead (build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
