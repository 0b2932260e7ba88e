import { write } from 'node:fs';

/**
 * Where the server's log lines go (standard output by default), written so that logging can neither block the
 * event loop nor outlive a dead output (decision 0026). pino's default destination (sonic-boom) flushes
 * synchronously when the process exits and retries a failed write every 100 ms for ever, EPIPE included: with its
 * reader gone at the moment of SIGTERM the server's main thread never left that loop. Here:
 * - every write is asynchronous (fs.write on the thread pool), one at a time, lines kept in order;
 * - a reader that is slow (EAGAIN) is retried later by a timer, never by waiting on the main thread, and lines
 *   beyond `maxPending` characters waiting are dropped (counted) rather than held without bound;
 * - any other error (EPIPE: the reader went away; EBADF) ends the output: later lines are dropped at once;
 * - nothing is written at exit: the shutdown awaits `flush` (bounded) before it ends the process.
 */
export interface LogOutput {
  /** pino's destination interface: one serialised line. */
  write(line: string): void;
  /** Resolves when every accepted line is written, the output has failed, or `withinMs` passed. */
  flush(withinMs: number): Promise<void>;
  /** Lines dropped because the output was too slow or gone. */
  readonly dropped: number;
  /** False once a write failed for good (the reader went away). */
  readonly alive: boolean;
}

export interface LogOutputOptions {
  fd?: number;
  /** Characters waiting to be written beyond which new lines are dropped. */
  maxPending?: number;
  /** Pause before writing again to a full output (EAGAIN). */
  retryMs?: number;
}

export function createLogOutput({
  fd = 1,
  maxPending = 4 * 1024 * 1024,
  retryMs = 100,
}: LogOutputOptions = {}): LogOutput {
  let waiting: string[] = [];
  let waitingLength = 0;
  let writing = false;
  /** Lines in the chunk being written (counted as dropped if that write fails). */
  let inFlight = 0;
  let alive = true;
  let dropped = 0;
  let drained: Array<() => void> = [];

  const settle = () => {
    const done = drained;
    drained = [];
    for (const resolve of done) resolve();
  };

  const fail = () => {
    alive = false;
    dropped += inFlight + waiting.length;
    inFlight = 0;
    waiting = [];
    waitingLength = 0;
    writing = false;
    settle();
  };

  const writeFrom = (chunk: Buffer) => {
    write(fd, chunk, 0, chunk.length, null, (err, written) => {
      if (err) {
        if (err.code === 'EAGAIN') setTimeout(() => writeFrom(chunk), retryMs).unref();
        else fail();
        return;
      }
      if (written < chunk.length) writeFrom(chunk.subarray(written));
      else next();
    });
  };

  const next = () => {
    if (!alive) return;
    inFlight = 0;
    if (waiting.length === 0) {
      writing = false;
      settle();
      return;
    }
    writing = true;
    const chunk = Buffer.from(waiting.join(''));
    inFlight = waiting.length;
    waiting = [];
    waitingLength = 0;
    writeFrom(chunk);
  };

  return {
    write(line) {
      if (!alive || waitingLength + line.length > maxPending) {
        dropped++;
        return;
      }
      waiting.push(line);
      waitingLength += line.length;
      if (!writing) next();
    },
    flush(withinMs) {
      if (!writing || !alive) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, withinMs);
        timer.unref();
        drained.push(() => (clearTimeout(timer), resolve()));
      });
    },
    get dropped() {
      return dropped;
    },
    get alive() {
      return alive;
    },
  };
}
