import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.js';

/**
 * HEIC/HEIF photos decoded off the main thread, one at a time (decision 0037): a 12-megapixel HEIC needs ~50 MB of
 * pixels plus libheif's WebAssembly heap, which never shrinks; one decode at a time keeps the peak bounded whatever
 * arrives, and the thread is ended after `idleMs` without work, which gives the heap back. A decode that takes longer
 * than `timeoutMs` ends its thread (the next photo gets a new one) and is refused like an unreadable file. More than
 * `queueLimit` waiting: 503 service_unavailable (the client tries that photo again later).
 */
export interface HeicPixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

/** The messages of heic-worker.mjs. */
interface HeicRequest {
  id: number;
  bytes: Uint8Array;
}
type HeicAnswer = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };

export interface HeicPoolOptions {
  idleMs?: number;
  timeoutMs?: number;
  queueLimit?: number;
}

interface Job {
  id: number;
  bytes: Uint8Array;
  resolve: (p: HeicPixels) => void;
  reject: (e: Error) => void;
}

/** The built server's worker (build.mjs's `heic-worker` entry, beside server.js), else the sources' own file. */
function workerModule(): URL {
  const built = new URL('./heic-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./heic-worker.mjs', import.meta.url);
}

export function createHeicPool(opts: HeicPoolOptions = {}) {
  const idleMs = opts.idleMs ?? 30_000;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const queueLimit = opts.queueLimit ?? 64;
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  /** The thread the current job was given to: a thread that ends later fails only its own job. */
  let currentWorker: Worker | null = null;
  let timer: NodeJS.Timeout | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;

  function stopWorker() {
    const w = worker;
    worker = null;
    if (w) void w.terminate();
  }

  function finish(job: Job) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (current === job) current = null;
    pump();
  }

  function fail(job: Job, reason: string) {
    job.reject(new AppError('image_format_not_supported', [{ field: 'image', code: reason }]));
    finish(job);
  }

  function start(): Worker {
    // No execArgv: the process's loaders (tsx in development) are not needed by the plain module.
    const w = new Worker(workerModule(), { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 256 } });
    w.unref();
    w.on('message', (answer: HeicAnswer) => {
      const job = current;
      if (!job || answer.id !== job.id) return;
      if ('error' in answer) fail(job, 'heic_decode_failed');
      else {
        job.resolve({ width: answer.width, height: answer.height, data: answer.data });
        finish(job);
      }
    });
    const ended = () => {
      if (worker === w) worker = null;
      if (current && currentWorker === w) fail(current, 'heic_decode_failed');
    };
    w.on('error', ended);
    w.on('exit', ended);
    return w;
  }

  function pump() {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(stopWorker, idleMs);
      idleTimer.unref();
      return;
    }
    if (idleTimer) clearTimeout(idleTimer);
    current = job;
    worker ??= start();
    currentWorker = worker;
    timer = setTimeout(() => {
      stopWorker(); // its exit fails the job
    }, timeoutMs);
    timer.unref();
    const bytes = job.bytes;
    worker.postMessage({ id: job.id, bytes } satisfies HeicRequest, [bytes.buffer as ArrayBuffer]);
  }

  return {
    /** The photo's pixels; AppError image_format_not_supported when libheif cannot read it (a corrupt file). */
    decode(bytes: Buffer): Promise<HeicPixels> {
      if (closed) return Promise.reject(new AppError('service_unavailable'));
      if (queue.length >= queueLimit) return Promise.reject(new AppError('service_unavailable'));
      // A copy of its own: the pixels' buffer is moved to the thread, and a Buffer may share a pooled one.
      const own = new Uint8Array(bytes.length);
      own.set(bytes);
      return new Promise<HeicPixels>((resolve, reject) => {
        queue.push({ id: nextId++, bytes: own, resolve, reject });
        pump();
      });
    },
    /** Work running and waiting (tests). */
    stats: () => ({ running: current ? 1 : 0, waiting: queue.length, alive: worker !== null }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new AppError('service_unavailable'));
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

export type HeicPool = ReturnType<typeof createHeicPool>;
