import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rideExtraInformation } from '../../db/schema/index.js';

/** SQL of the extra information calls, in the caller's locked transaction. date null: trip-wide; a date: that day's note. */
export interface ExtraInformationValues {
  title: string;
  text: string;
  date: string | null;
}

const columns = {
  id: rideExtraInformation.id,
  title: rideExtraInformation.title,
  text: rideExtraInformation.text,
  date: rideExtraInformation.date,
};

export type ExtraInformationRow = ExtraInformationValues & { id: number };

/** The row, only if it belongs to this trip (an id of another trip is not found). */
export async function findExtraInformation(
  tx: Transaction,
  rideId: number,
  id: number,
): Promise<ExtraInformationRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(rideExtraInformation)
    .where(and(eq(rideExtraInformation.id, id), eq(rideExtraInformation.rideId, rideId)));
  return row;
}

export async function insertExtraInformation(
  tx: Transaction,
  rideId: number,
  v: ExtraInformationValues,
): Promise<ExtraInformationRow> {
  const [row] = await tx
    .insert(rideExtraInformation)
    .values({ rideId, ...v })
    .returning(columns);
  return row as ExtraInformationRow;
}

export async function updateExtraInformation(
  tx: Transaction,
  id: number,
  v: ExtraInformationValues,
): Promise<ExtraInformationRow> {
  const [row] = await tx
    .update(rideExtraInformation)
    .set(v)
    .where(eq(rideExtraInformation.id, id))
    .returning(columns);
  return row as ExtraInformationRow;
}

export async function deleteExtraInformation(tx: Transaction, id: number): Promise<void> {
  await tx.delete(rideExtraInformation).where(eq(rideExtraInformation.id, id));
}
