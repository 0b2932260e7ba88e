import { parentPort, workerData } from 'node:worker_threads';
import { renderTripDocument } from './document/trip-document.js';
import type { WorkerAnswer, WorkerRequest } from './render-pool.js';

/**
 * A PDF worker thread (render-pool.ts, decision 0032): renders one document at a time from the presented trip it is
 * sent and answers its bytes, transferred rather than copied. Its own fonts and pdfkit live here, not in the server's
 * main thread. An error is answered as text (the service logs it and answers pdf_generation_failed).
 *
 * A document no longer wanted (its client hung up, decision 0050): the pool writes its id into the shared `stop` word
 * (a message could not arrive while the render runs); the render checks it before each day and activity, stops, and
 * answers `cancelled`: the worker is free within one activity's work and keeps its fonts for the next document.
 */
const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of render-pool.ts');
const stop = new Int32Array((workerData as { stop: SharedArrayBuffer }).stop);

class Stopped extends Error {}

port.on('message', async ({ id, input }: WorkerRequest) => {
  let answer: WorkerAnswer;
  const transfer: ArrayBuffer[] = [];
  try {
    const bytes = await renderTripDocument(input, () => {
      if (Atomics.load(stop, 0) === id) throw new Stopped();
    });
    // Buffer.concat gives a PDF its own ArrayBuffer; a view of a shared one is copied before it is handed over.
    const own =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    answer = { id, pdf: own };
    transfer.push(own.buffer as ArrayBuffer);
  } catch (err) {
    answer =
      err instanceof Stopped
        ? { id, cancelled: true }
        : { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(answer, transfer);
});
