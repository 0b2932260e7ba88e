import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.js';

/**
 * What one server process tells the others it changed (decision 0009, DESIGN §6a): several processes share one
 * PostgreSQL, and each keeps caches (the trip view, search answers, sessions, themes, own places). A write publishes
 * its change with `pg_notify` inside its own transaction, so the notification leaves only if and when the write
 * commits; every process LISTENs on the channel and drops what the change makes stale. The writing process also
 * drops it itself right after its commit (a reader of its own write must not wait for the notification's round trip).
 *
 * The payload is JSON of `Change`; kinds are added here as caches are, and a process that receives a kind it does
 * not know drops everything (safe, never stale).
 */
export const CHANGES_CHANNEL = 'rides_changes';

export type Change =
  /** A trip's row, days, placements, stays, extra information or authorised users changed. */
  | { kind: 'ride'; rideId: number }
  /** A user's role, existence or sessions changed (sign out everywhere, password change, deletion). */
  | { kind: 'user'; userId: number }
  /** Anything: every cache of every process is dropped. */
  | { kind: 'all' };

/** Publishes a change; call it with the writing transaction (PostgreSQL delivers it at commit, never on rollback). */
export async function publishChange(q: Database | Transaction, change: Change): Promise<void> {
  await q.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}
