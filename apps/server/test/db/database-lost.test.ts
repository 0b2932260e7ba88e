import { EventEmitter } from 'node:events';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createAvailability, type AvailabilityState } from '../../src/db/availability.js';
import { CHANGES_CHANNEL } from '../../src/db/change-feed.js';
import { startChangeListener, type ListenClient } from '../../src/db/change-listener.js';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/db/errors.js';
import { freePort } from '../helpers/server-process.js';

/**
 * A lost database (issue 31 point 2, decision 0051), the parts that need no database: which errors mean "the database
 * cannot be reached" (one place, db/errors.ts), the availability's probing, and the change listener giving up a
 * connection that stopped answering. The whole behaviour on PostgreSQL is in test/api/database-lost.test.ts.
 */

/** An error as node-postgres makes it for a server's ErrorResponse: a message and the SQLSTATE as `code`. */
const pgError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code });
/** An error as node makes it for a socket. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
/** How Drizzle hands a failed query to the app. */
const inQuery = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('which errors mean the database cannot be reached', () => {
  it('the server ending or refusing sessions, class 08, no free connection slot, a cancelled statement', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '53300', '57014']) {
      expect(isDatabaseUnavailable(inQuery(pgError(code))), code).toBe(true);
      expect(isDatabaseUnavailable(pgError(code)), `${code} alone`).toBe(true);
    }
  });

  it('what the driver says of a cut connection or a timeout', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Query read timeout',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(inQuery(new Error(message))), message).toBe(true);
    }
  });

  it('socket errors inside a failed query, or behind our own DatabaseUnavailableError', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']) {
      expect(isDatabaseUnavailable(inQuery(socketError(code))), code).toBe(true);
    }
    expect(
      isDatabaseUnavailable(
        inQuery(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')])),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true);
    // A connection that could not be made, whatever the reason (the database was dropped: 3D000), is the pool's to say.
    expect(isDatabaseUnavailable(inQuery(new DatabaseUnavailableError(pgError('3D000'))))).toBe(true);
  });

  it('not: a wrong query, a constraint, an unrelated failure, or another service that cannot be reached', () => {
    expect(isDatabaseUnavailable(inQuery(pgError('23505')))).toBe(false);
    expect(isDatabaseUnavailable(inQuery(pgError('42P01')))).toBe(false);
    expect(isDatabaseUnavailable(inQuery(pgError('22P02')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated unexpectedly')).toBe(false);
    // fetch's failure to reach a photo store or a sign-in provider carries the same socket codes.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(socketError('ECONNRESET'))).toBe(false);
  });

  it('the real driver: a pooled query against a port where nothing listens', async () => {
    const port = await freePort();
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 2_000,
    });
    try {
      const err = await pool.query('select 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(inQuery(err))).toBe(true);
    } finally {
      await pool.end();
    }
  });
});

describe('the availability', () => {
  /** An availability whose probe fails `failing` times, then answers; the states it went through. */
  function start(failing: number) {
    let probes = 0;
    const states: AvailabilityState[] = [];
    const availability = createAvailability({
      probe: async () => {
        probes += 1;
        if (probes <= failing) throw new Error('ECONNREFUSED');
      },
      firstDelayMs: 1,
      maxDelayMs: 4,
    });
    availability.subscribe((state) => states.push(state));
    return { availability, states, probes: () => probes };
  }

  it('a lost connection makes it down, and it probes until the database answers: up again, each said once', async () => {
    const { availability, states, probes } = start(3);
    expect(availability.state).toBe('up');
    availability.lost(new Error('connect ECONNREFUSED'));
    availability.lost(new Error('connect ECONNREFUSED')); // already down: nothing more
    expect(availability.state).toBe('down');
    await vi.waitFor(() => expect(availability.state).toBe('up'));
    expect(probes()).toBe(4);
    expect(states).toEqual(['down', 'up']);
    availability.close();
  });

  it('close stops the probing', async () => {
    const { availability, probes } = start(Number.POSITIVE_INFINITY);
    availability.lost(new Error('gone'));
    await vi.waitFor(() => expect(probes()).toBeGreaterThan(0));
    availability.close();
    const after = probes();
    await new Promise((r) => setTimeout(r, 30));
    expect(probes()).toBe(after);
    expect(availability.state).toBe('down');
  });
});

/** A listener connection whose catch-up round trip fails once (the socket died without a word; query_timeout). */
class SilentClient extends EventEmitter implements ListenClient {
  ended = false;
  constructor(private readonly roundTripFails: boolean) {
    super();
  }
  connect() {
    return Promise.resolve();
  }
  query(text: string) {
    if (text === `LISTEN ${CHANGES_CHANNEL}`) return Promise.resolve();
    return this.roundTripFails ? Promise.reject(new Error('Query read timeout')) : Promise.resolve();
  }
  end() {
    this.ended = true;
    return Promise.resolve();
  }
}

describe('the change listener', () => {
  it('a catch-up round trip that gets no answer gives the connection up and makes a new one (dropping everything)', async () => {
    const clients: SilentClient[] = [];
    let connected = 0;
    const listener = startChangeListener({
      createClient: () => {
        const client = new SilentClient(clients.length === 0);
        clients.push(client);
        return client;
      },
      onPayload: () => undefined,
      onConnected: () => void (connected += 1),
      log: { warn: () => undefined, info: () => undefined },
      firstDelayMs: 1,
      maxDelayMs: 4,
    });
    try {
      await listener.ready;
      expect(connected).toBe(1);
      await listener.sync();
      expect(clients[0]?.ended).toBe(true);
      await vi.waitFor(() => expect(listener.listening).toBe(true));
      expect(clients).toHaveLength(2);
      expect(connected).toBe(2);
    } finally {
      await listener.close();
    }
  });
});
