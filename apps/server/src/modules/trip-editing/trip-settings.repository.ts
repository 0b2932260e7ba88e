import { eq } from 'drizzle-orm';
import type { RideCategory } from '@rides/contract';
import type { Transaction } from '../../db/client.js';
import { rides } from '../../db/schema/index.js';

/** SQL of the trip's settings calls (lock, category) and of the reset's read of the base trip. */
export async function setLocked(tx: Transaction, rideId: number, isLocked: boolean): Promise<void> {
  await tx.update(rides).set({ isLocked }).where(eq(rides.id, rideId));
}

export async function setCategory(tx: Transaction, rideId: number, category: RideCategory): Promise<void> {
  await tx.update(rides).set({ category }).where(eq(rides.id, rideId));
}

/** The base trip's dates, held (FOR SHARE) so its activities cannot change while a copy is reset to them. */
export async function readBaseDates(
  tx: Transaction,
  baseId: number,
): Promise<{ startDate: string; endDate: string } | undefined> {
  const [row] = await tx
    .select({ startDate: rides.startDate, endDate: rides.endDate })
    .from(rides)
    .where(eq(rides.id, baseId))
    .for('share');
  return row;
}
