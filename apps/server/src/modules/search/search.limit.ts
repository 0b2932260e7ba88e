/**
 * At most `max` search loads at a time in this process; the others wait their turn, first come first served
 * (decision 0013). A burst of distinct searches then queues here instead of taking every pooled connection and both
 * cores, so the rest of the API (a trip page, /api/health) keeps answering.
 */
export function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over, `active` unchanged
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
