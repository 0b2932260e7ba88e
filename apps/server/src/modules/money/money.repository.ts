import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import {
  accommodations,
  rideAttractions,
  tripBudgets,
  tripExpenses,
  tripParticipants,
  tripSettlements,
} from '../../db/schema/index.js';

/** SQL of a trip's money (issue 35): expenses, participants, budget, settlements. Writes run in the caller's transaction. */

type Db = Database | Transaction;

export type ExpenseRow = typeof tripExpenses.$inferSelect;
export type NewExpense = typeof tripExpenses.$inferInsert;

export const expensesOf = (db: Db, rideId: number) =>
  db
    .select()
    .from(tripExpenses)
    .where(eq(tripExpenses.rideId, rideId))
    .orderBy(asc(tripExpenses.day), asc(tripExpenses.id));

/** What a budget reads of each expense: its home side only (its own currency's columns are not needed there). */
export const budgetRowsOf = (db: Db, rideId: number) =>
  db
    .select({
      day: tripExpenses.day,
      category: tripExpenses.category,
      homeAmountMinor: tripExpenses.homeAmountMinor,
      homePaid: tripExpenses.homePaid,
      homeOwed: tripExpenses.homeOwed,
      rateToConfirm: tripExpenses.rateToConfirm,
    })
    .from(tripExpenses)
    .where(eq(tripExpenses.rideId, rideId));
export type BudgetRow = Awaited<ReturnType<typeof budgetRowsOf>>[number];

export async function findExpense(db: Db, rideId: number, id: number): Promise<ExpenseRow | undefined> {
  const [row] = await db
    .select()
    .from(tripExpenses)
    .where(and(eq(tripExpenses.rideId, rideId), eq(tripExpenses.id, id)));
  return row;
}

export async function findByClientId(
  db: Db,
  rideId: number,
  clientId: string,
): Promise<ExpenseRow | undefined> {
  const [row] = await db
    .select()
    .from(tripExpenses)
    .where(and(eq(tripExpenses.rideId, rideId), eq(tripExpenses.clientId, clientId)));
  return row;
}

export async function countExpenses(db: Db, rideId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tripExpenses).where(eq(tripExpenses.rideId, rideId));
  return Number(row?.n ?? 0);
}

export async function insertExpense(tx: Transaction, values: NewExpense): Promise<ExpenseRow> {
  const [row] = await tx.insert(tripExpenses).values(values).returning();
  return row as ExpenseRow;
}

export async function updateExpense(
  tx: Transaction,
  id: number,
  values: Partial<NewExpense>,
): Promise<ExpenseRow> {
  const [row] = await tx.update(tripExpenses).set(values).where(eq(tripExpenses.id, id)).returning();
  return row as ExpenseRow;
}

export async function deleteExpense(tx: Transaction, rideId: number, id: number): Promise<boolean> {
  const gone = await tx
    .delete(tripExpenses)
    .where(and(eq(tripExpenses.rideId, rideId), eq(tripExpenses.id, id)))
    .returning({ id: tripExpenses.id });
  return gone.length > 0;
}

export const participantsOf = (db: Db, rideId: number) =>
  db
    .select({ id: tripParticipants.id, name: tripParticipants.name })
    .from(tripParticipants)
    .where(eq(tripParticipants.rideId, rideId))
    .orderBy(asc(tripParticipants.id));

export async function insertParticipant(tx: Transaction, rideId: number, name: string, createdBy: number) {
  const [row] = await tx
    .insert(tripParticipants)
    .values({ rideId, name, createdBy })
    .returning({ id: tripParticipants.id, name: tripParticipants.name });
  return row as { id: number; name: string };
}

export async function budgetOf(db: Db, rideId: number) {
  const [row] = await db.select().from(tripBudgets).where(eq(tripBudgets.rideId, rideId));
  return row;
}

export async function saveBudget(tx: Transaction, values: typeof tripBudgets.$inferInsert): Promise<void> {
  const { rideId: _rideId, ...set } = values;
  await tx.insert(tripBudgets).values(values).onConflictDoUpdate({ target: tripBudgets.rideId, set });
}

export const settlementsOf = (db: Db, rideId: number) =>
  db
    .select()
    .from(tripSettlements)
    .where(eq(tripSettlements.rideId, rideId))
    .orderBy(asc(tripSettlements.id));

export async function insertSettlement(
  tx: Transaction,
  values: typeof tripSettlements.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(tripSettlements).values(values).returning({ id: tripSettlements.id });
  return (row as { id: number }).id;
}

/** Whether the activity (an attraction placed on this trip) or the stay is this trip's. */
export async function isTripActivity(db: Db, rideId: number, attractionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: rideAttractions.id })
    .from(rideAttractions)
    .where(and(eq(rideAttractions.rideId, rideId), eq(rideAttractions.attractionId, attractionId)));
  return rows.length > 0;
}

export async function isTripStay(db: Db, rideId: number, stayId: number): Promise<boolean> {
  const rows = await db
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(and(eq(accommodations.rideId, rideId), eq(accommodations.id, stayId)));
  return rows.length > 0;
}

/** The trip's author's interface language, for the default home currency (₪ for Hebrew). */
export async function tripLanguageOf(db: Db, rideId: number): Promise<string | undefined> {
  const result = await db.execute<{ language: string }>(sql`SELECT language FROM rides WHERE id = ${rideId}`);
  return result.rows[0]?.language;
}
