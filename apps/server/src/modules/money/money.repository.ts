import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { Reservation } from '@rides/contract';
import {
  accommodations,
  attractions,
  rideAttractions,
  rides,
  tripBookings,
  tripBudgets,
  tripExpenses,
  tripParticipants,
  tripSettlements,
  users,
} from '../../db/schema/index.js';
import type { HomeCurrencyFacts } from './home-currency.js';

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
  // An upsert's update does not run the column's $onUpdate: the time of the change is set here.
  await tx
    .insert(tripBudgets)
    .values(values)
    .onConflictDoUpdate({ target: tripBudgets.rideId, set: { ...set, updatedAt: new Date() } });
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

/** The trip's language (the CSV's column names). */
export async function tripLanguageOf(db: Db, rideId: number): Promise<string | undefined> {
  const result = await db.execute<{ language: string }>(sql`SELECT language FROM rides WHERE id = ${rideId}`);
  return result.rows[0]?.language;
}

/**
 * What a trip's home currency is worked out from (rule 88, home-currency.ts), in one query: its own choice, the home
 * currency an expense or a transfer of it is already kept in, its owner's account choice, its language. Undefined for
 * no such trip.
 */
export async function homeCurrencyFacts(db: Db, rideId: number): Promise<HomeCurrencyFacts | undefined> {
  const [row] = await db
    .select({
      chosen: tripBudgets.homeCurrency,
      keptIn: sql<string | null>`coalesce(
        (SELECT ${tripExpenses.homeCurrency} FROM ${tripExpenses} WHERE ${tripExpenses.rideId} = ${rides.id} LIMIT 1),
        (SELECT ${tripSettlements.currency} FROM ${tripSettlements} WHERE ${tripSettlements.rideId} = ${rides.id} LIMIT 1)
      )`,
      ownerChoice: users.homeCurrency,
      tripLanguage: rides.language,
    })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.authorId))
    .leftJoin(tripBudgets, eq(tripBudgets.rideId, rides.id))
    .where(eq(rides.id, rideId));
  return row;
}

/**
 * The trip's bookings with a price that are placed on it (issue 35: offered as expenses): the stay they became (when
 * it is still the trip's), or the first of their activities still on the trip, with its title; and all the activity
 * ids the booking made (an expense on any of them is the booking's).
 */
export async function pricedBookingsOf(db: Db, rideId: number) {
  const firstActivity = sql`(
    SELECT ${rideAttractions.attractionId} FROM ${rideAttractions}
    WHERE ${rideAttractions.rideId} = ${tripBookings.rideId}
      AND ${rideAttractions.attractionId} = ANY(${tripBookings.activityIds})
    ORDER BY array_position(${tripBookings.activityIds}, ${rideAttractions.attractionId}), ${rideAttractions.id}
    LIMIT 1
  )`;
  const rows = await db
    .select({
      id: tripBookings.id,
      reservation: tripBookings.reservation,
      stayId: accommodations.id,
      stayName: accommodations.name,
      activityIds: tripBookings.activityIds,
      activityId: sql<number | null>`${firstActivity}`,
      activityTitle: sql<
        string | null
      >`(SELECT ${attractions.title} FROM ${attractions} WHERE ${attractions.id} = ${firstActivity})`,
    })
    .from(tripBookings)
    .leftJoin(
      accommodations,
      and(eq(accommodations.id, tripBookings.stayId), eq(accommodations.rideId, tripBookings.rideId)),
    )
    .where(
      and(
        eq(tripBookings.rideId, rideId),
        sql`jsonb_typeof(${tripBookings.reservation} -> 'price') = 'object'`,
      ),
    )
    .orderBy(asc(tripBookings.id));
  return rows.map((r) => ({
    ...r,
    reservation: r.reservation as Reservation,
    activityId: r.activityId === null ? null : Number(r.activityId),
  }));
}
export type PricedBookingRow = Awaited<ReturnType<typeof pricedBookingsOf>>[number];
