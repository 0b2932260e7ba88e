/**
 * At most `max` pieces of heavy work at a time in this process; the others wait their turn, first come first served.
 * A burst (distinct searches, decision 0013; bookings' documents to read, decision 0068) then queues here instead of
 * taking every pooled connection and both cores, so the rest of the API (a trip page, /api/health) keeps answering.
 * `yieldFirst`: each piece starts in a new turn of the event loop (after the I/O waiting), not straight from the last
 * one's end: CPU-bound work handed over in a microtask would otherwise run back to back, the requests between unserved.
 */
export function createLimiter(max: number, opts: { yieldFirst?: boolean } = {}) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over, `active` unchanged
    try {
      if (opts.yieldFirst) await new Promise<void>((resolve) => setImmediate(resolve));
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
