import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChanges, type Caches } from '../../src/changes.js';
import { CHANGES_CHANNEL, parseChange, publishChange } from '../../src/db/change-feed.js';
import { startChangeListener, type ChangeListener, type ListenClient } from '../../src/db/change-listener.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The change feed (decision 0027): what each kind of change drops, that a payload this process cannot read drops
 * everything, that the listener drops everything on every (re)connect and retries a lost connection; and on
 * PostgreSQL, the real thing: a change published in a transaction arrives at commit, never on rollback, and a
 * listener whose connection is killed comes back and drops everything.
 */

function spyCaches() {
  const calls: string[] = [];
  // Search drops all its answers or those of some cells (engineer G's rule, tested with search): both are 'search' here.
  const search = {
    invalidate: () => void calls.push('search'),
    invalidateCells: () => void calls.push('search'),
  };
  const caches: Caches = {
    rides: {
      invalidateTrip: (id) => void calls.push(`ride ${id}`),
      invalidateAllTrips: () => void calls.push('rides'),
    },
    search,
    themes: { invalidate: () => void calls.push('themes') },
    sessions: { forget: (id) => void calls.push(`user ${id}`), forgetAll: () => void calls.push('users') },
  };
  return { caches, calls };
}
const EVERYTHING = ['rides', 'search', 'themes', 'users'];

describe('what each change drops', () => {
  it('a trip: that trip, the searches and our own places; nothing of other trips, themes or sessions', () => {
    const { caches, calls } = spyCaches();
    createChanges(caches).afterCommit({ kind: 'ride', rideId: 7 });
    expect(calls.sort()).toEqual(['ride 7', 'search']);
  });

  it('a user: that user only; themes: themes only; categories: the trips and the searches', () => {
    const { caches, calls } = spyCaches();
    const changes = createChanges(caches);
    changes.afterCommit({ kind: 'user', userId: 3 });
    expect(calls.splice(0)).toEqual(['user 3']);
    changes.afterCommit({ kind: 'themes' });
    expect(calls.splice(0)).toEqual(['themes']);
    changes.afterCommit({ kind: 'categories' });
    expect(calls.splice(0).sort()).toEqual(['rides', 'search']);
    changes.afterCommit({ kind: 'all' });
    expect(calls.splice(0).sort()).toEqual([...EVERYTHING].sort());
  });

  it('a received payload is read like the writer`s own change', () => {
    const { caches, calls } = spyCaches();
    createChanges(caches).receive(JSON.stringify({ kind: 'ride', rideId: 12 }));
    expect(calls.sort()).toEqual(['ride 12', 'search']);
  });

  it.each([
    ['not JSON', '{kind: ride'],
    ['an unknown kind', JSON.stringify({ kind: 'comet', rideId: 1 })],
    ['a kind without its id', JSON.stringify({ kind: 'ride' })],
    ['an id that is not a positive integer', JSON.stringify({ kind: 'user', userId: '3' })],
    ['JSON that is not an object', '42'],
    ['an empty payload', ''],
  ])('%s drops everything', (_name, payload) => {
    expect(parseChange(payload)).toBeNull();
    const { caches, calls } = spyCaches();
    createChanges(caches).receive(payload);
    expect(calls.sort()).toEqual([...EVERYTHING].sort());
  });
});

/** A scripted stand-in for pg.Client: each instance is one connection attempt. */
class FakeClient extends EventEmitter implements ListenClient {
  ended = false;
  listened = false;
  constructor(private readonly fail: boolean) {
    super();
  }
  connect() {
    return this.fail ? Promise.reject(new Error('connection refused')) : Promise.resolve();
  }
  query(text: string) {
    this.listened = text === `LISTEN ${CHANGES_CHANNEL}`;
    return Promise.resolve();
  }
  end() {
    this.ended = true;
    return Promise.resolve();
  }
  notify(payload: string, channel = CHANGES_CHANNEL) {
    this.emit('notification', { channel, payload });
  }
}

describe('the listener', () => {
  const quiet = { warn: () => undefined, info: () => undefined };
  let listener: ChangeListener | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });

  /** Clients made so far; `failures` says which attempts (0-based) fail to connect. */
  function start(failures: number[] = []) {
    const clients: FakeClient[] = [];
    const { caches, calls } = spyCaches();
    const changes = createChanges(caches);
    listener = startChangeListener({
      createClient: () => {
        const client = new FakeClient(failures.includes(clients.length));
        clients.push(client);
        return client;
      },
      onPayload: changes.receive,
      onConnected: changes.dropAll,
      log: quiet,
      firstDelayMs: 5,
      maxDelayMs: 20,
    });
    return { clients, calls, listener };
  }

  it('drops everything once LISTEN is in place, then hands each notification of the channel on', async () => {
    const { clients, calls, listener } = start();
    await listener.ready;
    expect(clients[0]?.listened).toBe(true);
    expect(listener.listening).toBe(true);
    expect(calls.splice(0).sort()).toEqual([...EVERYTHING].sort());
    clients[0]?.notify(JSON.stringify({ kind: 'user', userId: 5 }));
    clients[0]?.notify(JSON.stringify({ kind: 'user', userId: 6 }), 'another_channel');
    expect(calls).toEqual(['user 5']);
  });

  it('a lost connection is retried, and the reconnect drops everything (notifications may have been missed)', async () => {
    const { clients, calls, listener } = start();
    await listener.ready;
    calls.length = 0;
    clients[0]?.emit('error', new Error('terminating connection due to administrator command'));
    expect(clients[0]?.ended).toBe(true);
    expect(listener.listening).toBe(false);
    await vi.waitFor(() => expect(listener.listening).toBe(true));
    expect(clients).toHaveLength(2);
    expect(calls.sort()).toEqual([...EVERYTHING].sort());
    // The old connection's late notification is not taken for the new one's.
    calls.length = 0;
    clients[0]?.notify(JSON.stringify({ kind: 'themes' }));
    expect(calls).toEqual([]);
  });

  it('failed attempts are retried until one connects; ready settles after the first attempt either way', async () => {
    const { clients, calls, listener } = start([0, 1, 2]);
    await listener.ready;
    expect(listener.listening).toBe(false);
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(listener.listening).toBe(true));
    expect(clients).toHaveLength(4);
    expect(calls.sort()).toEqual([...EVERYTHING].sort());
  });

  it('close ends the connection and stops retrying', async () => {
    const { clients, listener } = start();
    await listener.ready;
    await listener.close();
    expect(clients[0]?.ended).toBe(true);
    clients[0]?.emit('end');
    await new Promise((r) => setTimeout(r, 50));
    expect(clients).toHaveLength(1);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });

  /** A process's changes with a spy for every cache and its LISTEN connection up; `calls` holds what dropped since. */
  async function withListener(
    body: (ctx: {
      changes: ReturnType<typeof createChanges>;
      calls: string[];
      listener: NonNullable<ReturnType<ReturnType<typeof createChanges>['listen']>>;
    }) => Promise<void>,
  ) {
    const { caches, calls } = spyCaches();
    const changes = createChanges(caches);
    const listener = changes.listen(db, { warn: () => undefined, info: () => undefined });
    if (!listener) throw new Error('a listener was expected on PostgreSQL');
    try {
      await listener.ready;
      calls.length = 0;
      await body({ changes, calls, listener });
    } finally {
      await listener.close();
    }
  }

  it('a change published in a transaction arrives at commit, never on rollback; many at once arrive each', async () => {
    await withListener(async ({ calls, listener }) => {
      expect(listener.listening).toBe(true);
      await db.db
        .transaction(async (tx) => {
          await publishChange(tx, { kind: 'ride', rideId: 1 });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await db.db.transaction(async (tx) => {
        await publishChange(tx, { kind: 'user', userId: 2 }, { kind: 'user', userId: 3 }, { kind: 'themes' });
        // Inside the transaction nothing has been delivered yet.
        await tx.execute(sql`SELECT pg_sleep(0.05)`);
        expect(calls).toEqual([]);
      });
      await vi.waitFor(() => expect(calls).toEqual(['user 2', 'user 3', 'themes']));
    });
  });

  it('catchUp settles once every change committed before it has arrived, for calls made together too', async () => {
    await withListener(async ({ changes, calls }) => {
      await db.db.transaction((tx) => changes.publish(tx, { kind: 'user', userId: 41 }));
      await changes.catchUp();
      expect(calls).toEqual(['user 41']);
      // A burst: the first call's round trip is on the wire when the change commits; the later calls still see it.
      const first = changes.catchUp();
      await db.db.transaction((tx) => changes.publish(tx, { kind: 'user', userId: 42 }));
      await Promise.all([first, changes.catchUp(), changes.catchUp()]);
      expect(calls).toEqual(['user 41', 'user 42']);
    });
  });

  it('loading the demo into a database servers already use (SEED_DEMO) drops everything they cached', async () => {
    await withListener(async ({ calls }) => {
      expect(await seedDemo(db.db, { rides: [], passwordHash: 'not-a-real-hash' })).toBe(true);
      await vi.waitFor(() => expect([...calls].sort()).toEqual([...EVERYTHING].sort()));
    });
  });

  it('a process starting on the database (its migrations) makes the running ones drop everything', async () => {
    await withListener(async ({ calls }) => {
      await migrateDatabase(db);
      await vi.waitFor(() => expect([...calls].sort()).toEqual([...EVERYTHING].sort()));
    });
  });

  it('a listener whose connection the server kills comes back and drops everything', async () => {
    await withListener(async ({ calls, listener }) => {
      await db.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${CHANGES_CHANNEL}`}`,
      );
      await vi.waitFor(() => expect(calls.sort()).toEqual([...EVERYTHING].sort()), { timeout: 5_000 });
      await vi.waitFor(() => expect(listener.listening).toBe(true));
      calls.length = 0;
      await publishChange(db.db, { kind: 'ride', rideId: 9 });
      await vi.waitFor(() => expect(calls).toContain('ride 9'));
    });
  });
});

describe.runIf(onPostgres)('the app on PostgreSQL', () => {
  it('listens on one connection of its own once ready, and closes it when the app closes (shutdown)', async () => {
    const t = await createTestApp();
    try {
      const listening = async () =>
        Number(
          (
            await t.db.db.execute<{ n: string }>(
              sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${CHANGES_CHANNEL}`} AND pid <> pg_backend_pid()`,
            )
          ).rows[0]?.n,
        );
      expect(await listening()).toBe(1);
      await t.app.close();
      await vi.waitFor(async () => expect(await listening()).toBe(0));
    } finally {
      await t.dispose();
    }
  });
});

describe.runIf(!onPostgres)('on PGlite', () => {
  it('there is no listener (one process holds the data folder); publishing inside a transaction works', async () => {
    const db = await createTestDatabase();
    try {
      const { caches } = spyCaches();
      expect(createChanges(caches).listen(db, { warn: () => undefined, info: () => undefined })).toBeNull();
      await db.db.transaction((tx) => publishChange(tx, { kind: 'ride', rideId: 1 }, { kind: 'themes' }));
    } finally {
      await db.dispose();
    }
  });
});
