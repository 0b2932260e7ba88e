import { Worker } from 'node:worker_threads';

/**
 * The last resort of the shutdown (decision 0026): after `ms` the process is killed (SIGKILL) even if its main
 * thread is stuck. A timer on the main thread cannot do it — its callback waits for the event loop, which a
 * synchronous loop in a dependency (a logger retrying a dead pipe, a native call) never gives back, and signal
 * handlers wait for it too. A worker thread has its own event loop, and a signal sent to our own process by the
 * kernel needs no JavaScript on the main thread. The worker is unref'd: a shutdown that finishes in time exits
 * as usual and the watchdog dies with it. It starts with no execArgv: a loader given to the process (tsx's
 * --import in development) would otherwise load in the worker too and wait on the stuck main thread.
 */
export function armExitWatchdog(ms: number): void {
  const source = `
    const { workerData } = require('node:worker_threads');
    setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
  `;
  const worker = new Worker(source, { eval: true, execArgv: [], workerData: { pid: process.pid, ms } });
  worker.unref();
}
