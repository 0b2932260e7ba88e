import { daysBetween } from '@rides/contract';
import type { Transaction } from '../../db/client.js';
import type { LineageKind } from '../../db/schema/index.js';
import { insertLineage, materialiseDayIds, readTripContent, setDayIds } from './lineage.repository.js';

/**
 * A copy's lineage, written in the copy's own transaction (issue 37, decision 0075) right after its rows were copied,
 * for every kind of copy (writeCopy: copy-and-edit, a copy-key client's copy, a planner's duplicate). The original's
 * day ids are assigned now if they were not (from here on every day call keeps them) and the copy takes the same;
 * the copied stays and notes already carry their original rows' lineage ids (copy.repository.ts). So the copy's
 * content right after copying is the original's exactly, and the base is the original's content at that moment, at
 * its version then.
 */
export async function recordCopy(
  tx: Transaction,
  original: { id: number; startDate: string; endDate: string; version: number },
  copyId: number,
  kind: LineageKind,
): Promise<void> {
  const ids = await materialiseDayIds(tx, original.id, daysBetween(original.startDate, original.endDate) + 1);
  await setDayIds(tx, copyId, ids);
  const base = await readTripContent(tx, original.id);
  // (The original is locked by the copy's transaction: it cannot be gone.)
  if (!base) return;
  await insertLineage(tx, {
    rideId: copyId,
    originRideId: original.id,
    kind,
    base: base.content,
    baseVersion: original.version,
  });
}
