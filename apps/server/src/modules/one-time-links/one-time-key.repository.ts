import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { rideOneTimeKeyClaims } from '../../db/schema/index.js';

/**
 * The one rule of a one-time key (issue 18 point 3, decision 0030): it admits one person, ever. For the joining
 * service (add_user_to_ride_privacy_api, modules/access-keys) and the reads that show a key.
 *
 * How joining calls it, for a key with is_one_time, inside the join's own transaction, after the key's checks (unknown,
 * revoked, expired, sub-domain) and before the user takes a place:
 *
 *   const claim = await claimOneTimeKey(tx, key.id, user.id);
 *   if (claim === 'used') throw new AppError('one_time_link_already_used');   // someone else came in with it
 *   // 'claimed': this user is its one person now; 'mine': they came in with it before (already assigned)
 *
 * and records the use in ride_access_key_uses as every join does (the refused one too, with its code as message).
 * The claim is a row whose primary key is the key: two people racing for one key cannot both write it (on PostgreSQL
 * the second INSERT waits for the first transaction and then finds its row); if the join fails afterwards, its
 * transaction rolls the claim back and the key is still unused.
 */
export type OneTimeKeyClaim = 'claimed' | 'mine' | 'used';

/** Makes `userId` the one person of the key, in the caller's transaction; see above. */
export async function claimOneTimeKey(
  tx: Transaction,
  keyId: number,
  userId: number,
): Promise<OneTimeKeyClaim> {
  const [inserted] = await tx
    .insert(rideOneTimeKeyClaims)
    .values({ keyId, userId })
    .onConflictDoNothing({ target: rideOneTimeKeyClaims.keyId })
    .returning({ userId: rideOneTimeKeyClaims.userId });
  if (inserted) return 'claimed';
  const holder = await oneTimeKeyHolder(tx, keyId);
  return holder !== undefined && holder.userId === userId ? 'mine' : 'used';
}

/**
 * claimOneTimeKey as the join needs it (the access-keys service's `claimOneTimeKey` dependency): someone else holds
 * the key -> 403 one_time_link_already_used, thrown inside the join's transaction (which then rolls back).
 */
export async function claimOneTimeKeyForJoin(tx: Transaction, keyId: number, userId: number): Promise<void> {
  if ((await claimOneTimeKey(tx, keyId, userId)) === 'used') throw new AppError('one_time_link_already_used');
}

/** Who the key admitted (userId null: an account deleted since), or undefined while it is unused. */
export async function oneTimeKeyHolder(
  db: Database | Transaction,
  keyId: number,
): Promise<{ userId: number | null; claimedAt: Date } | undefined> {
  const [row] = await db
    .select({ userId: rideOneTimeKeyClaims.userId, claimedAt: rideOneTimeKeyClaims.claimedAt })
    .from(rideOneTimeKeyClaims)
    .where(eq(rideOneTimeKeyClaims.keyId, keyId));
  return row;
}

/** Whether nobody has come in with the key yet. */
export async function isOneTimeKeyUnused(db: Database | Transaction, keyId: number): Promise<boolean> {
  return (await oneTimeKeyHolder(db, keyId)) === undefined;
}
