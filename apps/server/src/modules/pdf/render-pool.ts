import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createFairQueue, type FairJob } from '../../lib/fair-queue.js';
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
 *  - Fair (issue 31 point 1, decision 0050): the waiting line is lib/fair-queue.ts's. Each document has an owner, a
 *    cost and a class (pdf.service.ts decides them); owners take turns by cost, one owner's share of the line is
 *    bounded (PdfPoolFull 'owner_share': 429), and a planner's export of their own trip goes before everyone else's,
 *    stopping a worse class's document being made if every worker is busy (preempt()).
 *  - Cancelled: when the asker's signal aborts (the client hung up), a waiting document leaves the line and one being
 *    made ends its worker at once; the next document gets a fresh worker.
 *  - Lazy: no worker until the first export (an idle server does not carry pdfkit and the fonts: DESIGN.md §6's
 *    memory bars); a worker idle for `idleMs` ends, so the memory of a burst of exports is given back.
 *  - A document that takes longer than `timeoutMs` ends its worker (PdfRenderFailed); a worker that dies fails only
 *    its own document and the next one starts a new worker.
 *  - close() (the server's shutdown, app.ts's onClose) refuses what waits and ends the workers.
 */

export interface RenderPoolOptions {
  size?: number;
  queueLimit?: number;
  /** Most cost (days + activities) one owner may have waiting and being made (fair-queue.ts). */
  ownerCostLimit?: number;
  idleMs?: number;
  timeoutMs?: number;
  /** How long a worker may take to stop a cancelled document before it is ended (tests: 0 ends it at once). */
  stopGraceMs?: number;
}

/**
 * Refused without being queued: every worker busy and the line full (`full`: 503), or the asker already has their
 * share of it waiting and being made (`owner_share`: 429).
 */
export class PdfPoolFull extends Error {
  constructor(readonly reason: 'full' | 'owner_share' = 'full') {
    super(
      reason === 'full'
        ? 'every PDF worker is busy and the queue is full'
        : 'this client already has its share of the PDF queue',
    );
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

/** The asker went away (its signal aborted): the document was taken out of the line, or its worker ended. */
export class PdfRenderCancelled extends Error {
  constructor() {
    super('the PDF was no longer wanted');
    this.name = 'PdfRenderCancelled';
  }
}

/** What a worker answers for one document (`cancelled`: it stopped because the pool asked it to). */
export type WorkerAnswer =
  { id: number; pdf: Uint8Array } | { id: number; error: string } | { id: number; cancelled: true };
/** What a worker is asked. */
export interface WorkerRequest {
  id: number;
  input: TripDocumentInput;
}

/** Who asks for a document and what it costs (fair-queue.ts); `signal` aborts when the asker is gone. */
export interface RenderRequest {
  owner: string;
  cost: number;
  priority: number;
  signal?: AbortSignal | undefined;
}

interface Job extends FairJob {
  id: number;
  input: TripDocumentInput;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
  /** The abort listener, removed when the job ends. */
  unlisten: () => void;
  /** Its asker is gone and it was answered so: the worker is still stopping it. */
  gone?: boolean;
  /** A better class's document took its worker: it stops and goes back to the line (once: then it runs to its end). */
  preempted?: 'stopping' | 'done';
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Shared with the worker: the id of the document it should stop (render-worker.ts checks it between activities). */
  stop: Int32Array;
}

export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Documents waiting beyond the busy workers: seconds of work on one worker, a few hundred KB of trip data each. */
export const DEFAULT_QUEUE_LIMIT = 32;
/**
 * One owner's documents waiting and being made, in days + activities (pdf.service.ts's cost): two 60-day trips of ten
 * activities a day (660 each), or some twenty 14-day trips; a third large one is refused (429) until one is made.
 */
export const DEFAULT_OWNER_COST_LIMIT = 1_400;
const DEFAULT_IDLE_MS = 120_000;
/**
 * How long a worker asked to stop a document has to do so (it checks between activities: milliseconds) before it is
 * ended instead, as a stuck one is (a new worker then starts for the next document, seconds on a loaded machine).
 */
const DEFAULT_STOP_GRACE_MS = 500;
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

/** Without a RenderRequest (tests, tools): one anonymous owner, the smallest cost, the last class. */
const NOBODY: RenderRequest = { owner: '', cost: 1, priority: 9 };

export function createRenderPool(opts: RenderPoolOptions = {}) {
  const size = Math.max(1, opts.size ?? DEFAULT_POOL_SIZE);
  const queueLimit = Math.max(0, opts.queueLimit ?? DEFAULT_QUEUE_LIMIT);
  const idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stopGraceMs = opts.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
  const slots: Slot[] = [];
  const queue = createFairQueue<Job>({
    maxQueued: queueLimit,
    ownerCostLimit: opts.ownerCostLimit ?? DEFAULT_OWNER_COST_LIMIT,
  });
  let nextId = 1;
  let closed = false;
  let cancelled = 0;
  let started = 0;
  let entry: ReturnType<typeof workerModule> | null = null;

  function start(): Slot {
    entry ??= workerModule();
    const stop = new SharedArrayBuffer(4);
    const worker = new Worker(entry.url, { execArgv: entry.execArgv, workerData: { stop } });
    started += 1;
    const slot: Slot = { worker, job: null, timer: null, stop: new Int32Array(stop) };
    worker.on('message', (answer: WorkerAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      if (job.gone) {
        // A document nobody waits for any more stopped (or ended anyway): the worker takes the next one.
        free(slot);
        return pump();
      }
      if ('cancelled' in answer && job.preempted === 'stopping') {
        // Stopped for a better class: it waits again with its own turn and is made from the start later.
        job.preempted = 'done';
        free(slot);
        queue.putBack(job);
        return pump();
      }
      end(slot, job);
      if ('pdf' in answer)
        job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else
        job.reject(
          new PdfRenderFailed('error' in answer ? answer.error : 'the PDF worker stopped the document'),
        );
      pump();
    });
    // An uncaught error ends the worker: 'exit' follows and fails its document.
    worker.on('error', (err) => {
      const job = slot.job;
      if (job && !job.gone) {
        end(slot, job);
        job.reject(new PdfRenderFailed(`the PDF worker failed: ${err.message}`));
      } else free(slot);
    });
    worker.on('exit', (code) => {
      const job = slot.job;
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      if (job && !job.gone) {
        end(slot, job);
        job.reject(new PdfRenderFailed(`the PDF worker ended (code ${code})`));
      } else free(slot);
      // The documents that waited for it get a new worker (unless one was started meanwhile and will take them).
      pump();
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
  function free(slot: Slot): void {
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** The slot's document ended (made, failed): its cost leaves its owner's share, its abort listener goes. */
  function end(slot: Slot, job: Job): void {
    free(slot);
    queue.done(job);
    job.unlisten();
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    // A stop word left from this slot's last document (or this one's pre-emption) does not stop this one.
    Atomics.store(slot.stop, 0, 0);
    if (slot.timer) clearTimeout(slot.timer);
    // A worker with a document keeps the process alive; an idle one does not (unref below).
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      end(slot, job);
      job.reject(new PdfRenderFailed(`the PDF took more than ${timeoutMs} ms`));
      retire(slot);
      pump();
    }, timeoutMs);
    try {
      slot.worker.postMessage({ id: job.id, input: job.input } satisfies WorkerRequest);
    } catch (err) {
      // Input that cannot be copied to a thread (not plain data): this document fails, the worker stays free.
      end(slot, job);
      job.reject(
        new PdfRenderFailed(`the trip could not be sent to the PDF worker: ${(err as Error).message}`),
      );
    }
  }

  /** Gives waiting documents to free workers (starting workers up to `size`); a worker left without one idles. */
  function pump(): void {
    if (closed) return;
    while (queue.size > 0) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? start() : undefined);
      if (!slot) break;
      run(slot, queue.shift() as Job);
    }
    for (const slot of slots) {
      if (slot.job !== null || slot.timer !== null) continue;
      slot.worker.unref();
      slot.timer = setTimeout(() => retire(slot), idleMs);
      slot.timer.unref();
    }
  }

  /**
   * The asker is gone: a waiting document leaves the line; one being made is answered at once and its worker asked to
   * stop (the shared `stop` word: it stops within one activity and stays warm). A worker that has not stopped after
   * `stopGraceMs` is ended (terminate() stops its JavaScript where it is) and the next document gets a fresh one.
   */
  function cancel(job: Job): void {
    const slot = slots.find((s) => s.job === job);
    if (!queue.remove(job) && !slot) return;
    cancelled += 1;
    job.unlisten();
    job.reject(new PdfRenderCancelled());
    if (!slot) return;
    job.gone = true;
    queue.done(job);
    if (slot.timer) clearTimeout(slot.timer);
    Atomics.store(slot.stop, 0, job.id);
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      free(slot);
      retire(slot);
      pump();
    }, stopGraceMs);
  }

  /**
   * Every worker busy and a document of a better class waits (a planner's own trip behind visitors'): one worker making
   * a worse class's document, not pre-empted before, is asked to stop it (the stop word); it goes back to the line with
   * its turn and the better one takes the worker, warm, within one activity. A document is pre-empted at most once, so
   * none is put back for ever; the work lost is the stopped part of one document.
   */
  function preempt(better: Job): void {
    let victim: Slot | undefined;
    for (const slot of slots) {
      const job = slot.job;
      if (!job || job.gone || job.preempted || job.priority <= better.priority) continue;
      if (!victim || job.priority > (victim.job as Job).priority) victim = slot;
    }
    if (!victim) return;
    const job = victim.job as Job;
    job.preempted = 'stopping';
    Atomics.store(victim.stop, 0, job.id);
  }

  return {
    /**
     * The trip's PDF; rejects with PdfPoolFull when the line refuses it, PdfRenderCancelled when `request.signal`
     * aborts first, else PdfRenderFailed when it cannot be made.
     */
    render(input: TripDocumentInput, request: RenderRequest = NOBODY): Promise<Buffer> {
      return new Promise<Buffer>((resolve, reject) => {
        if (closed) return reject(new PdfRenderFailed('the PDF workers are closed'));
        const signal = request.signal;
        if (signal?.aborted) return reject(new PdfRenderCancelled());
        const job: Job = {
          id: nextId++,
          owner: request.owner,
          cost: request.cost,
          priority: request.priority,
          input,
          resolve,
          reject,
          unlisten: () => undefined,
        };
        const idle = slots.filter((s) => s.job === null).length + (size - slots.length);
        const admission = queue.push(job, idle);
        if (!admission.admitted) return reject(new PdfPoolFull(admission.reason));
        for (const pushedOut of admission.evicted) {
          pushedOut.unlisten();
          pushedOut.reject(new PdfPoolFull('full'));
        }
        if (signal) {
          const onAbort = () => cancel(job);
          signal.addEventListener('abort', onAbort, { once: true });
          job.unlisten = () => signal.removeEventListener('abort', onAbort);
        }
        if (idle === 0) preempt(job);
        pump();
      });
    },

    /** Workers running, documents being made and waiting, per owner; documents cancelled since the start (logs, tests). */
    stats() {
      const line = queue.stats();
      return {
        workers: slots.length,
        busy: slots.filter((s) => s.job !== null).length,
        queued: line.queued,
        queuedCost: line.queuedCost,
        owners: line.owners,
        cancelled,
        /** Workers started since the pool was made (a cancelled document stops without ending its worker). */
        started,
        size,
        queueLimit,
      };
    },

    /** Refuses what waits and ends every worker (the documents being made fail). */
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.drain()) {
        job.unlisten();
        job.reject(new PdfRenderFailed('the server is shutting down'));
      }
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
