import { ROLES, type Role } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { createAccountsRepository } from './accounts.repository.js';

/**
 * Who a signature-valid session token speaks for now (decision 0024): the user's CURRENT role and admin flag
 * (decision 0035), or null when the user
 * no longer exists or the token's version is not the user's current one (signed out everywhere, password reset).
 * Authorisation never reads the token's role claim, so a demoted or deleted user loses the rights on the next request.
 *
 * The state is cached per user so signed-in traffic costs a Map lookup, not a query. A write that changes it
 * (role, token version, deletion) publishes `{ kind: 'user' }` on the change feed in its transaction; this process's
 * writer calls `forget` right after the commit and every other process's feed listener calls `forget` (or
 * `forgetAll` after losing the feed). The TTL bounds staleness if a notification is ever missed.
 */
export interface SessionState {
  id: number;
  role: Role;
  /** A platform admin (decision 0035); not a role. */
  isAdmin: boolean;
}
export type SessionCheck = (userId: number, tokenVersion: number) => Promise<SessionState | null>;

const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

type Entry = { role: Role; isAdmin: boolean; tokenVersion: number; at: number } | { role: null; at: number };

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export function createSessionCheck(db: Database, now: () => number = Date.now) {
  const repo = createAccountsRepository(db);
  const cache = new Map<number, Entry>();
  /** Bumped by every forget: a state read while a change arrived may predate it, so it is answered but not kept. */
  let changesSeen = 0;

  const check: SessionCheck = async (userId, tokenVersion) => {
    let entry = cache.get(userId);
    if (!entry || now() - entry.at > TTL_MS) {
      const before = changesSeen;
      const state = await repo.sessionState(userId);
      entry =
        state && isRole(state.role)
          ? { role: state.role, isAdmin: state.isAdmin, tokenVersion: state.tokenVersion, at: now() }
          : { role: null, at: now() };
      if (before === changesSeen) {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(userId, entry);
      }
    }
    if (entry.role === null || entry.tokenVersion !== tokenVersion) return null;
    return { id: userId, role: entry.role, isAdmin: entry.isAdmin };
  };
  return {
    check,
    /** Drops one user's cached state (their role, existence or token version changed). */
    forget: (userId: number): void => {
      changesSeen += 1;
      cache.delete(userId);
    },
    /** Drops every cached state (the change feed reconnected, or a change of unknown kind arrived). */
    forgetAll: (): void => {
      changesSeen += 1;
      cache.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCheck>;
