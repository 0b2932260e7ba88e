import type { TripListKind } from '@rides/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { tripListItems, tripLists } from '../../db/schema/index.js';

/** The only SQL of the shared lists (issue 33 point 5, decision 0066). */

export type ListRow = { id: number; name: string; kind: TripListKind };
export type ItemRow = typeof tripListItems.$inferSelect;

const listColumns = { id: tripLists.id, name: tripLists.name, kind: tripLists.kind };

export async function listsOf(db: Database, rideId: number): Promise<{ lists: ListRow[]; items: ItemRow[] }> {
  const lists = await db
    .select(listColumns)
    .from(tripLists)
    .where(eq(tripLists.rideId, rideId))
    .orderBy(asc(tripLists.id));
  const items =
    lists.length === 0
      ? []
      : await db
          .select()
          .from(tripListItems)
          .where(
            inArray(
              tripListItems.listId,
              lists.map((l) => l.id),
            ),
          )
          .orderBy(asc(tripListItems.position), asc(tripListItems.id));
  return { lists, items };
}

export async function countLists(tx: Transaction, rideId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tripLists)
    .where(eq(tripLists.rideId, rideId));
  return Number(row?.n ?? 0);
}

export async function insertList(
  tx: Transaction,
  values: { rideId: number; name: string; kind: TripListKind; createdBy: number },
): Promise<ListRow> {
  const [row] = await tx.insert(tripLists).values(values).returning(listColumns);
  if (!row) throw new Error('insertList: no row');
  return row;
}

export async function findList(
  tx: Transaction,
  rideId: number,
  listId: number,
): Promise<ListRow | undefined> {
  const [row] = await tx
    .select(listColumns)
    .from(tripLists)
    .where(and(eq(tripLists.rideId, rideId), eq(tripLists.id, listId)));
  return row;
}

export async function updateList(
  tx: Transaction,
  listId: number,
  set: { name?: string; kind?: TripListKind },
): Promise<ListRow> {
  const [row] = await tx
    .update(tripLists)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(tripLists.id, listId))
    .returning(listColumns);
  if (!row) throw new Error('updateList: no row');
  return row;
}

export async function deleteList(tx: Transaction, listId: number): Promise<void> {
  await tx.delete(tripLists).where(eq(tripLists.id, listId));
}

export async function itemsOf(tx: Transaction, listId: number): Promise<ItemRow[]> {
  return tx
    .select()
    .from(tripListItems)
    .where(eq(tripListItems.listId, listId))
    .orderBy(asc(tripListItems.position), asc(tripListItems.id));
}

export async function countItems(tx: Transaction, listId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tripListItems)
    .where(eq(tripListItems.listId, listId));
  return Number(row?.n ?? 0);
}

export async function itemByClientId(
  tx: Transaction,
  listId: number,
  clientId: string,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(tripListItems)
    .where(and(eq(tripListItems.listId, listId), eq(tripListItems.clientId, clientId)));
  return row;
}

/** Adds the item at the end of its list. */
export async function insertItem(
  tx: Transaction,
  values: { listId: number; clientId: string; text: string; assigneeId: number | null; createdBy: number },
): Promise<ItemRow> {
  const [row] = await tx
    .insert(tripListItems)
    .values({
      ...values,
      position: sql`(SELECT coalesce(max(${tripListItems.position}), 0) + 1 FROM ${tripListItems} WHERE ${tripListItems.listId} = ${values.listId})`,
    })
    .returning();
  if (!row) throw new Error('insertItem: no row');
  return row;
}

export async function findItem(
  tx: Transaction,
  listId: number,
  itemId: number,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(tripListItems)
    .where(and(eq(tripListItems.listId, listId), eq(tripListItems.id, itemId)));
  return row;
}

export async function updateItem(
  tx: Transaction,
  itemId: number,
  set: Partial<Pick<ItemRow, 'text' | 'assigneeId' | 'done' | 'doneChangedAt' | 'doneBy'>>,
): Promise<ItemRow> {
  const [row] = await tx
    .update(tripListItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(tripListItems.id, itemId))
    .returning();
  if (!row) throw new Error('updateItem: no row');
  return row;
}

export async function deleteItem(tx: Transaction, itemId: number): Promise<void> {
  await tx.delete(tripListItems).where(eq(tripListItems.id, itemId));
}
