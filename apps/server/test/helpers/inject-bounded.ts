import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** A trip's event stream (GET /api/trips/{rideId}/events, decision 0064): an answer that never ends by itself. */
const EVENT_STREAM = /^\/api\/trips\/[^/?]*\/events(?:\?|$)/;

/**
 * `app.inject`, except that an event stream is read until its opening has come (at most `ms`) and then cut: the walks over every call (the fuzz, the
 * private trip's content) read what a stream sends first (its status, its headers, its first events) as the answer,
 * instead of waiting for an end that never comes.
 */
export async function injectBounded(
  app: FastifyInstance,
  options: InjectOptions,
  ms = 300,
): Promise<LightMyRequestResponse> {
  const url = typeof options.url === 'string' ? options.url : '';
  if (options.method !== 'GET' || !EVENT_STREAM.test(url)) return app.inject(options);
  const controller = new AbortController();
  const res = await app.inject({ ...options, payloadAsStream: true, signal: controller.signal });
  const stream = res.stream();
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve) => {
    let timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.on('data', (chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      // The stream's opening (and what it replays) comes at once: a moment more for the rest of it, not `ms`.
      clearTimeout(timer);
      timer = setTimeout(resolve, 20);
    });
    stream.once('end', done);
    stream.once('error', done);
  });
  controller.abort();
  stream.destroy();
  const rawPayload = Buffer.concat(chunks);
  const body = rawPayload.toString('utf8');
  return Object.assign(Object.create(res) as LightMyRequestResponse, {
    rawPayload,
    body,
    payload: body,
    json: () => JSON.parse(body) as unknown,
  });
}
