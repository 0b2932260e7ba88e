// The HEIC decoder's thread (decision 0037): libheif compiled to WebAssembly (heic-decode), because the prebuilt sharp
// reads AVIF but not HEVC. Its WebAssembly memory only grows, so it lives in this thread, which heic-pool.ts ends when
// idle; one photo at a time. Answers the RGBA pixels, moved (not copied) to the main thread. Plain JavaScript, so the
// sources and the built server (build.mjs's `heic-worker` entry) start the same file without a TypeScript loader.
// Messages: in { id, bytes: Uint8Array }; out { id, width, height, data: Uint8Array } or { id, error }.
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

parentPort?.on('message', (req) => {
  decode({ buffer: req.bytes })
    .then(({ width, height, data }) => {
      const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      parentPort?.postMessage({ id: req.id, width, height, data: pixels }, [pixels.buffer]);
    })
    .catch((err) => {
      parentPort?.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
    });
});
