import { and, asc, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rideAccessKeys, rides } from '../../db/schema/index.js';

/** The only SQL of the private-trip access calls (the landing page's redirect link, for now). */
export function createAccessRepository(db: Database) {
  return {
    /**
     * Whether the trip exists and the redirect page of its access keys (001 §3 redirect_page): the reusable
     * registration key's before one-time keys', the newest first. One query.
     */
    async findRedirectPage(rideId: number): Promise<{ redirectPage: string | null } | null> {
      const [row] = await db
        .select({ redirectPage: rideAccessKeys.redirectPage })
        .from(rides)
        .leftJoin(
          rideAccessKeys,
          and(
            eq(rideAccessKeys.rideId, rides.id),
            isNotNull(rideAccessKeys.redirectPage),
            ne(rideAccessKeys.redirectPage, ''),
          ),
        )
        .where(eq(rides.id, rideId))
        .orderBy(asc(rideAccessKeys.isOneTime), desc(rideAccessKeys.createdAt), desc(rideAccessKeys.id))
        .limit(1);
      return row ?? null;
    },
  };
}
