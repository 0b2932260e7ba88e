import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rideCalendarFeeds, rideCalendarVersions, users } from '../../db/schema/index.js';

/** The only SQL of the trip exports (issue 19 points 3, 4; decision 0033): feed tokens and the calendar's version. */
export function createTripExportRepository(db: Database) {
  return {
    /** The user a private trip's feed token was made for (id and current role), or null when it matches nothing. */
    async feedUser(rideId: number, token: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, isAdmin: users.isAdmin })
        .from(rideCalendarFeeds)
        .innerJoin(users, eq(users.id, rideCalendarFeeds.userId))
        .where(and(eq(rideCalendarFeeds.rideId, rideId), eq(rideCalendarFeeds.token, token)));
      return row ?? null;
    },

    /** The viewer's token of the trip, made with `fresh` when they have none (the first read makes it). */
    async feedToken(rideId: number, userId: number, fresh: string): Promise<string> {
      const [made] = await db
        .insert(rideCalendarFeeds)
        .values({ rideId, userId, token: fresh })
        .onConflictDoNothing({ target: [rideCalendarFeeds.rideId, rideCalendarFeeds.userId] })
        .returning({ token: rideCalendarFeeds.token });
      if (made) return made.token;
      const [kept] = await db
        .select({ token: rideCalendarFeeds.token })
        .from(rideCalendarFeeds)
        .where(and(eq(rideCalendarFeeds.rideId, rideId), eq(rideCalendarFeeds.userId, userId)));
      return kept?.token ?? fresh;
    },

    /** Replaces the viewer's token (the old address stops working at once). */
    async replaceFeedToken(rideId: number, userId: number, fresh: string): Promise<string> {
      await db
        .insert(rideCalendarFeeds)
        .values({ rideId, userId, token: fresh })
        .onConflictDoUpdate({
          target: [rideCalendarFeeds.rideId, rideCalendarFeeds.userId],
          set: { token: fresh, createdAt: sql`now()` },
        });
      return fresh;
    },

    /** Removes the viewer's token of the trip (its address stops working); answers whether there was one. */
    async deleteFeedToken(rideId: number, userId: number): Promise<boolean> {
      const gone = await db
        .delete(rideCalendarFeeds)
        .where(and(eq(rideCalendarFeeds.rideId, rideId), eq(rideCalendarFeeds.userId, userId)))
        .returning({ token: rideCalendarFeeds.token });
      return gone.length > 0;
    },

    /**
     * The calendar's version for this content: the same hash keeps the sequence and time; a new one raises the
     * sequence and stamps now. One statement, so two exports at once never raise it twice for one change.
     */
    async calendarVersion(
      rideId: number,
      contentHash: string,
    ): Promise<{ sequence: number; modifiedAt: Date }> {
      const [row] = await db
        .insert(rideCalendarVersions)
        .values({ rideId, contentHash })
        .onConflictDoUpdate({
          target: rideCalendarVersions.rideId,
          set: {
            contentHash,
            sequence: sql`${rideCalendarVersions.sequence} + 1`,
            modifiedAt: sql`now()`,
          },
          setWhere: sql`${rideCalendarVersions.contentHash} <> ${contentHash}`,
        })
        .returning({ sequence: rideCalendarVersions.sequence, modifiedAt: rideCalendarVersions.modifiedAt });
      if (row) return row;
      const [kept] = await db
        .select({ sequence: rideCalendarVersions.sequence, modifiedAt: rideCalendarVersions.modifiedAt })
        .from(rideCalendarVersions)
        .where(eq(rideCalendarVersions.rideId, rideId));
      return kept ?? { sequence: 0, modifiedAt: new Date() };
    },
  };
}

export type TripExportRepository = ReturnType<typeof createTripExportRepository>;
