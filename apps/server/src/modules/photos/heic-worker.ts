import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

/**
 * The HEIC decoder's thread (decision 0037): libheif compiled to WebAssembly (heic-decode), because the prebuilt sharp
 * reads AVIF but not HEVC. Its WebAssembly memory only grows, so it lives in this thread, which heic-pool.ts ends when
 * idle; one photo at a time. Answers the RGBA pixels, moved (not copied) to the main thread.
 */
export interface HeicRequest {
  id: number;
  bytes: Uint8Array;
}
export type HeicAnswer = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (req: HeicRequest) => {
  decode({ buffer: req.bytes })
    .then(({ width, height, data }) => {
      const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      parentPort?.postMessage({ id: req.id, width, height, data: pixels } satisfies HeicAnswer, [pixels.buffer as ArrayBuffer]);
    })
    .catch((err: unknown) => {
      parentPort?.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies HeicAnswer);
    });
});
