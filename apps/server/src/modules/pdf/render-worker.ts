import { parentPort } from 'node:worker_threads';
import { renderTripDocument } from './document/trip-document.js';
import type { WorkerAnswer, WorkerRequest } from './render-pool.js';

/**
 * A PDF worker thread (render-pool.ts, decision 0032): renders one document at a time from the presented trip it is
 * sent and answers its bytes, transferred rather than copied. Its own fonts and pdfkit live here, not in the server's
 * main thread. An error is answered as text (the service logs it and answers pdf_generation_failed).
 */
const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of render-pool.ts');

port.on('message', async ({ id, input }: WorkerRequest) => {
  let answer: WorkerAnswer;
  const transfer: ArrayBuffer[] = [];
  try {
    const bytes = await renderTripDocument(input);
    // Buffer.concat gives a PDF its own ArrayBuffer; a view of a shared one is copied before it is handed over.
    const own =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    answer = { id, pdf: own };
    transfer.push(own.buffer as ArrayBuffer);
  } catch (err) {
    answer = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(answer, transfer);
});
