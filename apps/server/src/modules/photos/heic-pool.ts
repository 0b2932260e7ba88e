import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createFairQueue, type FairJob } from '../../lib/fair-queue.js';
import { AppError, TryLaterError } from '../../lib/errors.js';

/**
 * HEIC/HEIF photos decoded off the main thread, one at a time (decision 0037): a 12-megapixel HEIC needs ~50 MB of
 * pixels plus libheif's WebAssembly heap, which never shrinks; one decode at a time keeps the peak bounded whatever
 * arrives, and the thread is ended after `idleMs` without work, which gives the heap back. A decode that takes longer
 * than `timeoutMs` ends its thread (the next photo gets a new one) and is refused like an unreadable file. More than
 * `queueLimit` waiting: 503 service_unavailable (the client tries that photo again later).
 *
 * Fair (issue 31 point 1, decision 0050): the line is lib/fair-queue.ts's, by owner (the signed-in user) and cost (the
 * photo's megapixels): one user's many photos take turns with another's single one, and one user's share of the line
 * is bounded (429 with Retry-After past it). A decode whose asker hung up leaves the line, or ends its thread.
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
type HeicAnswer =
  { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };

export interface HeicPoolOptions {
  idleMs?: number;
  timeoutMs?: number;
  queueLimit?: number;
  /** Most megapixels one owner may have waiting and being decoded (fair-queue.ts). */
  ownerCostLimit?: number;
}

/** Who asks for a decode (fair-queue.ts's owner) and whether they still wait for it. */
export interface HeicAsker {
  owner: string;
  signal?: AbortSignal | undefined;
}

interface Job extends FairJob {
  id: number;
  bytes: Uint8Array;
  resolve: (p: HeicPixels) => void;
  reject: (e: Error) => void;
  unlisten: () => void;
}

/**
 * One owner's photos waiting and being decoded, in megapixels: eight 12 MP photos, two of the largest taken (49 MP).
 * The web sends a user's photos one after the other, so this only bounds a client that sends them all at once.
 */
export const HEIC_OWNER_MEGAPIXELS = 100;
/** Seconds a refused decode is told to wait: a few photos' time. */
const RETRY_AFTER_S = 5;

/** The built server's worker (build.mjs's `heic-worker` entry, beside server.js), else the sources' own file. */
function workerModule(): URL {
  const built = new URL('./heic-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./heic-worker.mjs', import.meta.url);
}

export function createHeicPool(opts: HeicPoolOptions = {}) {
  const idleMs = opts.idleMs ?? 30_000;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const queue = createFairQueue<Job>({
    maxQueued: opts.queueLimit ?? 64,
    ownerCostLimit: opts.ownerCostLimit ?? HEIC_OWNER_MEGAPIXELS,
  });
  let worker: Worker | null = null;
  let current: Job | null = null;
  /** The thread the current job was given to: a thread that ends later fails only its own job. */
  let currentWorker: Worker | null = null;
  let timer: NodeJS.Timeout | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;
  let cancelled = 0;

  function stopWorker() {
    const w = worker;
    worker = null;
    if (w) void w.terminate();
  }

  function finish(job: Job) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (current === job) {
      current = null;
      queue.done(job);
    }
    job.unlisten();
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

  /**
   * The asker is gone (decision 0050): a waiting photo leaves the line; the one being decoded ends its thread (libheif
   * cannot be interrupted otherwise) and the next photo gets a new one.
   */
  function cancel(job: Job) {
    if (current === job) {
      current = null;
      currentWorker = null;
      queue.done(job);
      if (timer) clearTimeout(timer);
      timer = null;
      stopWorker();
    } else if (!queue.remove(job)) return;
    cancelled += 1;
    job.unlisten();
    job.reject(new AppError('service_unavailable'));
    pump();
  }

  return {
    /**
     * The photo's pixels; AppError image_format_not_supported when libheif cannot read it (a corrupt file), 429/503
     * (TryLaterError) when the asker's share or the line is full. `megapixels`: the photo's cost in the line.
     */
    decode(bytes: Buffer, asker: HeicAsker = { owner: '' }, megapixels = 1): Promise<HeicPixels> {
      if (closed || asker.signal?.aborted) return Promise.reject(new AppError('service_unavailable'));
      return new Promise<HeicPixels>((resolve, reject) => {
        // A copy of its own: the pixels' buffer is moved to the thread, and a Buffer may share a pooled one.
        const own = new Uint8Array(bytes.length);
        own.set(bytes);
        const job: Job = {
          id: nextId++,
          owner: asker.owner,
          cost: Math.max(1, Math.ceil(megapixels)),
          priority: 0,
          bytes: own,
          resolve,
          reject,
          unlisten: () => undefined,
        };
        const admission = queue.push(job, current ? 0 : 1);
        if (!admission.admitted)
          return reject(
            new TryLaterError(
              admission.reason === 'owner_share' ? 'too_many_requests' : 'service_unavailable',
              RETRY_AFTER_S,
            ),
          );
        const signal = asker.signal;
        if (signal) {
          const onAbort = () => cancel(job);
          signal.addEventListener('abort', onAbort, { once: true });
          job.unlisten = () => signal.removeEventListener('abort', onAbort);
        }
        pump();
      });
    },
    /** Work running and waiting, decodes cancelled since the start (tests). */
    stats: () => ({
      running: current ? 1 : 0,
      waiting: queue.size,
      alive: worker !== null,
      cancelled,
      owners: queue.stats().owners,
    }),
    async close() {
      closed = true;
      for (const job of queue.drain()) {
        job.unlisten();
        job.reject(new AppError('service_unavailable'));
      }
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

export type HeicPool = ReturnType<typeof createHeicPool>;
