import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import {
  attractions,
  rideAttractions,
  rideAuthorizedUsers,
  rides,
  tripMembers,
  users,
} from '../../src/db/schema/index.js';
import { decideTripView, type TripAccessFacts } from '../../src/modules/access/trip-access.policy.js';
import { publicTrip, viewableTrip, visibleAttraction } from '../../src/modules/access/trip-access.sql.js';
import { rebuildPlaceKeys } from '../../src/db/place-keys.js';
import { createPlacesRepository } from '../../src/modules/places/places.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The view policy's SQL twin (trip-access.sql.ts) against the policy itself (decideTripView), as a table: every
 * combination of the facts the policy reads (type, ride manager, authorised users) and every kind of viewer. If either
 * changes alone, this fails. The attractions' rule (decision 0023) is checked the same way against an oracle written
 * with decideTripView, and so is the places repository's prefix read of our places (autocomplete).
 */
describe(`the view policy in SQL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: TestDatabase;
  let db: Database;
  const who: Record<'author' | 'planner' | 'granted' | 'member' | 'stranger', number> = {
    author: 0,
    planner: 0,
    granted: 0,
    member: 0,
    stranger: 0,
  };
  const facts = new Map<number, TripAccessFacts>();
  /** attraction id -> its author and the trips placing it. */
  const placed = new Map<number, { authorId: number; rideIds: number[] }>();

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    for (const name of Object.keys(who) as (keyof typeof who)[]) {
      const [u] = await db
        .insert(users)
        .values({ email: `${name}@sql.test`, userName: name })
        .returning({ id: users.id });
      who[name] = (u as { id: number }).id;
    }
    // Every combination of the policy's facts.
    for (const authorId of [who.author, who.planner]) {
      for (const type of ['public', 'private'] as const) {
        for (const manager of [null, who.planner, who.author]) {
          for (const grant of [false, true]) {
            // A member (issue 33) of the trips without a grant, of a role that varies: any role views a private trip.
            const member = manager === null ? 'viewer' : 'editor';
            const [r] = await db
              .insert(rides)
              .values({
                authorId,
                title: `${type} ${manager} ${grant}`,
                startDate: '2030-01-01',
                endDate: '2030-01-03',
                type,
                rideManagerId: manager,
              })
              .returning({ id: rides.id });
            const id = (r as { id: number }).id;
            if (grant) await db.insert(rideAuthorizedUsers).values({ rideId: id, userId: who.granted });
            if (!grant) await db.insert(tripMembers).values({ rideId: id, userId: who.member, role: member });
            facts.set(id, {
              authorId,
              rideManagerId: manager,
              type,
              endDate: '2030-01-03',
              authorizedUserIds: new Set(grant ? [who.granted] : []),
              memberRoles: new Map(grant ? [] : [[who.member, member]]),
            });
          }
        }
      }
    }
    // Attractions placed nowhere, in each trip alone, and in each pair of a private and a public trip; by two authors.
    const tripIds = [...facts.keys()];
    const sets: number[][] = [[], ...tripIds.map((id) => [id])];
    for (const a of tripIds) for (const b of tripIds) if (a < b) sets.push([a, b]);
    const rows = [who.author, who.stranger].flatMap((authorId) => sets.map((set) => ({ authorId, set })));
    const made = await db
      .insert(attractions)
      .values(
        rows.map(({ authorId, set }) => ({
          authorId,
          title: `placed in ${set.join(',')}`,
          lat: 32,
          lng: 35,
        })),
      )
      .returning({ id: attractions.id });
    // PostgreSQL answers RETURNING rows of a multi-row VALUES insert in the order given.
    made.forEach(({ id }, i) => placed.set(id, { authorId: rows[i]!.authorId, rideIds: rows[i]!.set }));
    await db
      .insert(rideAttractions)
      .values(
        [...placed].flatMap(([attractionId, a]) =>
          a.rideIds.map((rideId) => ({ rideId, attractionId, plannedDate: '2030-01-01' })),
        ),
      );
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const viewers = () =>
    [
      ['anonymous', null],
      ...Object.entries(who).map(
        ([name, id]) => [name, { id, role: 'user' as const, isAdmin: false }] as const,
      ),
    ] as const;
  const allowed = (rideId: number, viewer: { id: number; role: 'user'; isAdmin: boolean } | null) =>
    decideTripView(facts.get(rideId) as TripAccessFacts, viewer, '2029-12-31').allowed;

  it('viewableRide selects exactly the trips decideRideView lets each viewer view', async () => {
    for (const [name, viewer] of viewers()) {
      const rows = await db
        .select({ id: rides.id })
        .from(rides)
        .where(viewableTrip(rides, viewer?.id ?? null))
        .orderBy(asc(rides.id));
      const expected = [...facts.keys()].filter((id) => allowed(id, viewer));
      expect(
        rows.map((r) => r.id),
        name,
      ).toEqual(expected);
      // Both ways: each viewer is refused some trips and allowed others.
      expect(expected.length, name).toBeGreaterThan(0);
      expect(expected.length, name).toBeLessThan(facts.size);
    }
    const open = await db
      .select({ id: rides.id })
      .from(rides)
      .where(publicTrip(rides))
      .orderBy(asc(rides.id));
    expect(open.map((r) => r.id)).toEqual([...facts.keys()].filter((id) => allowed(id, null)));
  });

  it('visibleAttraction: its author, or a viewer of a trip placing it; no one else', async () => {
    for (const [name, viewer] of viewers()) {
      const rows = await db
        .select({ id: attractions.id })
        .from(attractions)
        .where(visibleAttraction(attractions, viewer?.id ?? null))
        .orderBy(asc(attractions.id));
      const expected = [...placed.entries()]
        .filter(
          ([, a]) =>
            (viewer !== null && a.authorId === viewer.id) || a.rideIds.some((r) => allowed(r, viewer)),
        )
        .map(([id]) => id);
      expect(
        rows.map((r) => r.id),
        name,
      ).toEqual(expected);
      expect(expected.length, name).toBeLessThan(placed.size);
    }
  });

  it("the places repository's prefix read answers exactly the attractions each viewer may see, public ones marked shared", async () => {
    await rebuildPlaceKeys(db);
    const repo = createPlacesRepository(db);
    const ids = [...placed.keys()];
    const publicOnes = ids
      .filter((id) => placed.get(id)?.rideIds.some((r) => allowed(r, null)))
      .sort((a, b) => a - b);
    for (const [name, viewer] of viewers()) {
      // Every key of the prefix is read (a bound above the 602 attractions), so the answer is the whole visible set.
      const rows = (await repo.named(['placed'], { viewerId: viewer?.id ?? null, perPrefix: 10_000 })).filter(
        (r) => r.kind === 'attraction',
      );
      const expected = ids
        .filter(
          (id) =>
            (viewer !== null && placed.get(id)?.authorId === viewer.id) ||
            placed.get(id)?.rideIds.some((r) => allowed(r, viewer)),
        )
        .sort((a, b) => a - b);
      expect(
        rows.map((r) => r.id).sort((a, b) => a - b),
        name,
      ).toEqual(expected);
      expect(
        rows
          .filter((r) => r.shared)
          .map((r) => r.id)
          .sort((a, b) => a - b),
        name,
      ).toEqual(publicOnes);
      // A public attraction ranks by the public trips placing it alone (a private placement tells nothing).
      for (const row of rows.filter((r) => r.shared)) {
        expect(row.uses, `attraction ${row.id}`).toBe(
          placed.get(row.id)?.rideIds.filter((r) => allowed(r, null)).length,
        );
      }
    }
    // The bound holds: a visitor's read of the same prefix stops at the keys asked for.
    expect(await repo.named(['placed'], { viewerId: null, perPrefix: 7 })).toHaveLength(7);
  });
});
