import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.js';

/**
 * What one server process tells the others it changed (decisions 0009 and 0027, DESIGN §6a): several processes share
 * one PostgreSQL, and each keeps caches (the trip view, search answers, sessions, themes). A write
 * publishes its change with `pg_notify` inside its own transaction, so the notification leaves only if and when the
 * write commits; every process LISTENs on the channel (db/change-listener.ts) and drops what the change makes stale.
 * The writing process also drops it itself right after its commit (a reader of its own write must not wait for the
 * notification's round trip). Which cache drops what for which kind is decided in one place: changes.ts.
 *
 * The payload is JSON of `Change`; kinds are added here as caches are, and a process that receives a kind it does
 * not know (or a payload it cannot read) drops everything (safe, never stale).
 */
export const CHANGES_CHANNEL = 'rides_changes';

export type Change =
  /** A trip's row, days, placements, stays, extra information or authorised users changed (or it was created). */
  | { kind: 'ride'; rideId: number }
  /**
   * The map summary of these geo_cells changed (db/trip-cells.ts): published beside the `ride` changes whose
   * placements lie there, so the searches around a point drop only the answers that read one of them (decision 0013).
   */
  | { kind: 'search-cells'; cells: number[] }
  /** An attraction's own fields changed (the trips showing it publish `ride` beside it). */
  | { kind: 'attraction'; attractionId: number }
  /** A user's role, existence or sessions changed (sign out everywhere, password change, deletion). */
  | { kind: 'user'; userId: number }
  /** A sub-domain theme changed (its colours, its manager). */
  | { kind: 'themes' }
  /** An attraction category or subcategory changed (attractions may have lost theirs). */
  | { kind: 'categories' }
  /** Anything: every cache of every process is dropped. */
  | { kind: 'all' };

/** Publishes changes; call it with the writing transaction (PostgreSQL delivers them at commit, never on rollback). */
export async function publishChange(q: Database | Transaction, ...changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  if (changes.length === 1) {
    await q.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(changes[0])})`);
    return;
  }
  // One statement for many (an attraction shown by many trips): a text[] parameter, one notification per element.
  const payloads = `{${changes.map((c) => JSON.stringify(JSON.stringify(c))).join(',')}}`;
  await q.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, p) FROM unnest(${payloads}::text[]) AS p`);
}

const positiveId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** A received payload as a Change; null when it is not one this process knows (the caller then drops everything). */
export function parseChange(payload: string): Change | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  switch (v.kind) {
    case 'ride':
      return positiveId(v.rideId) ? { kind: 'ride', rideId: v.rideId } : null;
    case 'attraction':
      return positiveId(v.attractionId) ? { kind: 'attraction', attractionId: v.attractionId } : null;
    case 'search-cells':
      return Array.isArray(v.cells) && v.cells.every((c) => Number.isSafeInteger(c))
        ? { kind: 'search-cells', cells: v.cells as number[] }
        : null;
    case 'user':
      return positiveId(v.userId) ? { kind: 'user', userId: v.userId } : null;
    case 'themes':
    case 'categories':
    case 'all':
      return { kind: v.kind };
    default:
      return null;
  }
}
