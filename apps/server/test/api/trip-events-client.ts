import { get, type IncomingMessage } from 'node:http';
/**
 * A server-sent events reader for the live tests and the bench: opens `GET /api/trips/{rideId}/events` with fetch
 * (as the web does) and collects the events as they arrive.
 */
export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
  at: number;
}

export interface SseStream {
  status: number;
  contentType: string | null;
  /** The refusal's body when status is not 200. */
  body?: unknown;
  events: SseEvent[];
  /** The first event (from `from` on) matching, waiting up to `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number, from?: number): Promise<SseEvent>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  // node:http with no agent: one connection per stream, closed with it (fetch's pool may hold connections it opened
  // and never used, which a closing server waits for).
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(url, { headers, agent: false }, resolve).on('error', reject),
  );
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const contentType = res.headers['content-type'] ?? null;
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return {
      status: res.statusCode ?? 0,
      contentType,
      body,
      events,
      next: () => Promise.reject(new Error(`no stream (${res.statusCode})`)),
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  res.setEncoding('utf8');
  let buffer = '';
  const ended = (async () => {
    try {
      for await (const value of res) {
        buffer += String(value);
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: { event: string; id?: string; data: string } = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') e.event = value;
            else if (field === 'id') e.id = value;
            else if (field === 'data') {
              e.data += value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          events.push({ ...e, data: JSON.parse(e.data) as unknown, at: performance.now() });
          for (const w of waiters) w();
        }
      }
    } catch {
      // closed by us
    } finally {
      for (const w of waiters) w();
    }
  })();
  let done = false;
  void ended.then(() => (done = true));
  const next = (match: (e: SseEvent) => boolean, ms = 5_000, from = 0) =>
    new Promise<SseEvent>((resolve, reject) => {
      const look = () => {
        const found = events.slice(from).find(match);
        if (found) {
          finish();
          resolve(found);
        } else if (done) {
          finish();
          reject(new Error(`stream ended; events: ${JSON.stringify(events.map((x) => x.event))}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no such event in ${ms} ms; events: ${JSON.stringify(events)}`));
      }, ms);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(look);
      };
      waiters.add(look);
      look();
    });
  return {
    status: 200,
    contentType,
    events,
    next,
    ended,
    close: () => res.destroy(),
  };
}
