import type { Database } from '../../db/client.js';
import { createAccountsRepository } from './accounts.repository.js';

/**
 * Whether a signature-valid session token is still good: its user exists and it was issued after the user's
 * last password reset. Answers are kept for 30 s per user so signed-in traffic costs no query per request;
 * this process forgets a user at once when it resets that user's password, other processes within 30 s.
 */
export type SessionCheck = (userId: number, issuedAtSeconds: number | undefined) => Promise<boolean>;

const TTL_MS = 30_000;

export function createSessionCheck(db: Database, now: () => number = Date.now) {
  const repo = createAccountsRepository(db);
  const cache = new Map<number, { validAfterSeconds: number | null; exists: boolean; at: number }>();

  const check: SessionCheck = async (userId, issuedAtSeconds) => {
    let entry = cache.get(userId);
    if (!entry || now() - entry.at > TTL_MS) {
      const state = await repo.sessionState(userId);
      entry = {
        exists: Boolean(state),
        // Whole seconds, like iat: a token issued in the same second as the reset stays good.
        validAfterSeconds: state?.sessionsValidAfter ? Math.floor(state.sessionsValidAfter.getTime() / 1000) : null,
        at: now(),
      };
      if (cache.size > 50_000) cache.clear();
      cache.set(userId, entry);
    }
    if (!entry.exists) return false;
    if (entry.validAfterSeconds === null) return true;
    return issuedAtSeconds !== undefined && issuedAtSeconds >= entry.validAfterSeconds;
  };
  return { check, forget: (userId: number) => cache.delete(userId) };
}
