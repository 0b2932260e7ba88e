import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, makeTrip, newUser, type Editor } from './trip-editing-fixtures.js';
import { openEvents, type SseStream } from './trip-events-client.js';

/**
 * Two servers on one PostgreSQL (issue 33 point 2, decision 0064): an edit through A reaches a listener on B through
 * the change feed's notification, and presence set on A shows on B through the presence channel.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('trip events across two processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let author: Editor;
  const open: SseStream[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    if (a.db.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const url = a.db.raw.options.connectionString as string;
    b = await createTestApp(
      {},
      {
        database: async () => {
          const handle = await openDatabase({ databaseUrl: url });
          return { ...handle, dispose: () => handle.close() };
        },
      },
    );
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    const address = b.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    baseB = `http://127.0.0.1:${address.port}`;
    author = await newUser(a);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await b?.dispose();
    await a?.dispose();
  });

  it('an edit through A arrives on a stream of B within a second; presence set on A shows on B', async () => {
    const { rideId } = await makeTrip(a, { authorId: author.id, days: 2 });
    const guest = await newUser(a);
    const s = await openEvents(`${baseB}/api/trips/${rideId}/events`, author.headers);
    open.push(s);
    expect(s.status).toBe(200);
    const sent = performance.now();
    expect(
      (await call(a, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: author.headers })).statusCode,
    ).toBe(200);
    const e = await s.next((x) => x.event === 'change');
    expect(e.at - sent).toBeLessThan(1_000);
    expect(e.data).toMatchObject({ userId: author.id });

    expect(
      (
        await call(a, 'POST', `/api/trips/${rideId}/presence`, {
          headers: guest.headers,
          payload: { day: '2031-05-10' },
        })
      ).statusCode,
    ).toBe(200);
    const p = await s.next(
      (x) => x.event === 'presence' && JSON.stringify(x.data).includes(`"userId":${guest.id}`),
      2_000,
    );
    expect((p.data as { users: { day: string | null }[] }).users).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: guest.id, day: '2031-05-10' })]),
    );
  });
});
