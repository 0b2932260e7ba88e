import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TripDocumentInput } from './document/trip-document.js';

/**
 * The PDF renders off the main thread (decision 0032): a document is tens to hundreds of milliseconds of CPU, which on
 * the main thread delayed every other request while exports ran. A small pool of worker threads renders them; the
 * main thread only hands over the presented trip (plain data, copied by postMessage) and gets the bytes back
 * (transferred, not copied).
 *
 *  - Bounded: `size` workers (the CPUs less one for the main thread, at least 1, at most 4), one document at a time
 *    each, and at most `queueLimit` documents waiting; past that, render() refuses at once with PdfPoolFull (the
 *    service answers 503 service_unavailable) rather than holding more trips in memory.
 *  - Lazy: no worker until the first export (an idle server does not carry pdfkit and the fonts: DESIGN.md §6's
 *    memory bars); a worker idle for `idleMs` ends, so the memory of a burst of exports is given back.
 *  - A document that takes longer than `timeoutMs` ends its worker (PdfRenderFailed); a worker that dies fails only
 *    its own document and the next one starts a new worker.
 *  - close() (the server's shutdown, app.ts's onClose) refuses what waits and ends the workers.
 */

export interface RenderPoolOptions {
  size?: number;
  queueLimit?: number;
  idleMs?: number;
  timeoutMs?: number;
}

/** Every worker is busy and the queue is full: try again in a moment. */
export class PdfPoolFull extends Error {
  constructor() {
    super('every PDF worker is busy and the queue is full');
    this.name = 'PdfPoolFull';
  }
}

/** The document could not be made (the renderer threw, its worker died, it took too long, or the pool closed). */
export class PdfRenderFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfRenderFailed';
  }
}

/** What a worker answers for one document. */
export type WorkerAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };
/** What a worker is asked. */
export interface WorkerRequest {
  id: number;
  input: TripDocumentInput;
}

interface Job {
  id: number;
  input: TripDocumentInput;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Documents waiting beyond the busy workers: seconds of work on one worker, a few hundred KB of trip data each. */
export const DEFAULT_QUEUE_LIMIT = 32;
const DEFAULT_IDLE_MS = 120_000;
/** Far beyond the 60-day trip's few seconds on a loaded machine: a document this slow is stuck, not busy. */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The worker's module: the built server's (build.mjs's `pdf-render-worker` entry, beside server.js in dist/), else the
 * sources' (development, tests: render-worker.dev.mjs, which runs render-worker.ts through tsx). The sources' worker
 * starts without the process's execArgv: it registers tsx itself, and a second loader from `--import tsx` is only
 * weight.
 */
function workerModule(): { url: URL; execArgv?: string[] } {
  const built = new URL('./pdf-render-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { url: built };
  return { url: new URL('./render-worker.dev.mjs', import.meta.url), execArgv: [] };
}

export function createRenderPool(opts: RenderPoolOptions = {}) {
  const size = Math.max(1, opts.size ?? DEFAULT_POOL_SIZE);
  const queueLimit = Math.max(0, opts.queueLimit ?? DEFAULT_QUEUE_LIMIT);
  const idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let entry: ReturnType<typeof workerModule> | null = null;

  function start(): Slot {
    entry ??= workerModule();
    const worker = new Worker(entry.url, { execArgv: entry.execArgv });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (answer: WorkerAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      finish(slot);
      if ('pdf' in answer)
        job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else job.reject(new PdfRenderFailed(answer.error));
      next(slot);
    });
    // An uncaught error ends the worker: 'exit' follows and fails its document.
    worker.on('error', (err) => {
      slot.job?.reject(new PdfRenderFailed(`the PDF worker failed: ${err.message}`));
      finish(slot);
    });
    worker.on('exit', (code) => {
      const job = slot.job;
      finish(slot);
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      job?.reject(new PdfRenderFailed(`the PDF worker ended (code ${code})`));
      // The documents that waited for it get a new worker (unless one was started meanwhile and will take them).
      if (!closed && queue.length > 0 && slots.length < size) run(start(), queue.shift() as Job);
    });
    slots.push(slot);
    return slot;
  }

  /** Ends a worker: out of the pool at once, so no document is given to it while it stops. */
  function retire(slot: Slot): void {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    void slot.worker.terminate();
  }

  /** The slot has no document any more: its timer stops. */
  function finish(slot: Slot): void {
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    if (slot.timer) clearTimeout(slot.timer);
    // A worker with a document keeps the process alive; an idle one does not (unref below).
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.job = null;
      job.reject(new PdfRenderFailed(`the PDF took more than ${timeoutMs} ms`));
      retire(slot);
    }, timeoutMs);
    try {
      slot.worker.postMessage({ id: job.id, input: job.input } satisfies WorkerRequest);
    } catch (err) {
      // Input that cannot be copied to a thread (not plain data): this document fails, the worker stays free.
      finish(slot);
      job.reject(
        new PdfRenderFailed(`the trip could not be sent to the PDF worker: ${(err as Error).message}`),
      );
      next(slot);
    }
  }

  /** The worker is free: the next waiting document, or idle until it ends. */
  function next(slot: Slot): void {
    const job = queue.shift();
    if (job) return run(slot, job);
    slot.worker.unref();
    slot.timer = setTimeout(() => retire(slot), idleMs);
    slot.timer.unref();
  }

  return {
    /** The trip's PDF; rejects with PdfPoolFull when every worker is busy and the queue is full, else PdfRenderFailed. */
    render(input: TripDocumentInput): Promise<Buffer> {
      return new Promise<Buffer>((resolve, reject) => {
        if (closed) return reject(new PdfRenderFailed('the PDF workers are closed'));
        const job: Job = { id: nextId++, input, resolve, reject };
        const free = slots.find((s) => s.job === null);
        if (free) return run(free, job);
        if (slots.length < size) return run(start(), job);
        if (queue.length >= queueLimit) return reject(new PdfPoolFull());
        queue.push(job);
      });
    },

    /** Workers running, documents being made and waiting (the refusal's log line, tests). */
    stats() {
      return {
        workers: slots.length,
        busy: slots.filter((s) => s.job !== null).length,
        queued: queue.length,
        size,
        queueLimit,
      };
    },

    /** Refuses what waits and ends every worker (the documents being made fail). */
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new PdfRenderFailed('the server is shutting down'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
