import {
  BOOKING_CONFIRMATION_MAX,
  MAX_TRIP_DAYS,
  RECIPIENT_DETAILS_MAX,
  TITLE_MAX,
  addDays,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { PG_ERROR, databaseErrorOf, isStillReferenced, type DatabaseErrorInfo } from '../../src/db/errors.js';
import {
  accommodations,
  attractions,
  rideAccessKeys,
  rideAttractions,
  rides,
  users,
  type NewAccommodation,
  type NewAttraction,
  type NewRide,
  type NewUser,
} from '../../src/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/** The database itself refuses bad rows, whatever code wrote them (000 §5, 001 §5, §9 limits). */
describe(`constraints (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: TestDatabase;
  let db: Database;
  let authorId: number;
  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    authorId = (await newUser()).id;
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  let counter = 0;
  const newUser = async (over: Partial<NewUser> = {}) => {
    counter += 1;
    const [row] = await db
      .insert(users)
      .values({ email: `u${counter}@example.com`, userName: `User ${counter}`, ...over })
      .returning();
    return row!;
  };
  const newRide = async (over: Partial<NewRide> = {}) => {
    const [row] = await db
      .insert(rides)
      .values({ authorId, title: 'Trip', startDate: '2026-05-01', endDate: '2026-05-03', ...over })
      .returning();
    return row!;
  };
  const newAttraction = async (over: Partial<NewAttraction> = {}) => {
    const [row] = await db
      .insert(attractions)
      .values({ authorId, title: 'Place', lat: 32.08, lng: 34.78, ...over })
      .returning();
    return row!;
  };
  const newAccommodation = async (rideId: number, over: Partial<NewAccommodation> = {}) => {
    const [row] = await db
      .insert(accommodations)
      .values({
        rideId,
        name: 'Hotel',
        lat: 32.08,
        lng: 34.78,
        checkInDate: '2026-05-01',
        checkOutDate: '2026-05-02',
        ...over,
      })
      .returning();
    return row!;
  };

  /** Awaits a write that must fail and answers the PostgreSQL error. */
  async function refused(write: Promise<unknown>): Promise<DatabaseErrorInfo> {
    try {
      await write;
    } catch (err) {
      const info = databaseErrorOf(err);
      if (!info) throw err;
      return info;
    }
    throw new Error('the database accepted a row it should refuse');
  }

  describe('lengths (counted in characters, Hebrew like English)', () => {
    it('trip title: 140 accepted, 141 refused', async () => {
      await expect(newRide({ title: 'א'.repeat(TITLE_MAX) })).resolves.toBeTruthy();
      const err = await refused(newRide({ title: 'a'.repeat(TITLE_MAX + 1) }));
      expect(err).toMatchObject({ code: PG_ERROR.checkViolation, constraint: 'rides_title_len' });
    });

    it('attraction title: 141 refused', async () => {
      await expect(newAttraction({ title: 'ב'.repeat(TITLE_MAX) })).resolves.toBeTruthy();
      expect(await refused(newAttraction({ title: 'x'.repeat(TITLE_MAX + 1) }))).toMatchObject({
        constraint: 'attractions_title_len',
      });
    });

    it('accommodation name: 141 refused; booking confirmation: 40 accepted, 41 refused', async () => {
      const ride = await newRide();
      expect(await refused(newAccommodation(ride.id, { name: 'n'.repeat(TITLE_MAX + 1) }))).toMatchObject({
        constraint: 'accommodations_name_len',
      });
      await expect(
        newAccommodation(ride.id, { bookingConfirmation: '9'.repeat(BOOKING_CONFIRMATION_MAX) }),
      ).resolves.toBeTruthy();
      expect(
        await refused(
          newAccommodation(ride.id, { bookingConfirmation: '9'.repeat(BOOKING_CONFIRMATION_MAX + 1) }),
        ),
      ).toMatchObject({
        code: PG_ERROR.checkViolation,
        constraint: 'accommodations_booking_confirmation_len',
      });
    });

    it('recipient details of a key: 200 accepted, 201 refused', async () => {
      const ride = await newRide();
      const key = (n: number, details: string) =>
        db
          .insert(rideAccessKeys)
          .values({ rideId: ride.id, secretKey: `k${n}-${ride.id}`, recipientDetails: details });
      await expect(key(1, 'ד'.repeat(RECIPIENT_DETAILS_MAX))).resolves.toBeTruthy();
      expect(await refused(key(2, 'd'.repeat(RECIPIENT_DETAILS_MAX + 1)))).toMatchObject({
        constraint: 'ride_access_keys_recipient_details_len',
      });
    });
  });

  describe('users', () => {
    it('refuses a second account with the same email', async () => {
      const user = await newUser();
      expect(await refused(newUser({ email: user.email }))).toMatchObject({
        code: PG_ERROR.uniqueViolation,
        constraint: 'users_email_unique',
      });
    });

    it('refuses an email that is not trimmed and lowercased', async () => {
      expect(await refused(newUser({ email: 'Dana@Example.com' }))).toMatchObject({
        constraint: 'users_email_lowercase',
      });
      expect(await refused(newUser({ email: ' dana@example.com' }))).toMatchObject({
        constraint: 'users_email_lowercase',
      });
    });

    it('allows several accounts without email, but not one without any way in', async () => {
      await newUser({ email: null, facebookId: 'fb-1' });
      await newUser({ email: null, googleSub: 'g-1' });
      expect(await refused(newUser({ email: null }))).toMatchObject({ constraint: 'users_has_identity' });
    });

    it('knows only the roles user and manager', async () => {
      // The column's TypeScript type already says so; the cast stands for code that bypasses it.
      expect(await refused(newUser({ role: 'admin' as 'user' }))).toMatchObject({
        constraint: 'users_role_check',
      });
    });

    it('will not delete a user who still authors trips', async () => {
      const user = await newUser();
      await db
        .insert(rides)
        .values({ authorId: user.id, title: 'Mine', startDate: '2026-01-01', endDate: '2026-01-01' });
      const err: unknown = await db
        .delete(users)
        .where(eq(users.id, user.id))
        .then(
          () => new Error('the database deleted a referenced user'),
          (e: unknown) => e,
        );
      // PostgreSQL up to 17 and 18 (PGlite) answer different codes; isStillReferenced knows both.
      expect(isStillReferenced(err)).toBe(true);
    });
  });

  describe('trips', () => {
    it('refuses a negative party count', async () => {
      expect(await refused(newRide({ numberOfChild: -1 }))).toMatchObject({
        constraint: 'rides_number_of_child_check',
      });
      expect(await refused(newRide({ numberOfAdult: -1 }))).toMatchObject({
        constraint: 'rides_number_of_adult_check',
      });
      expect(await refused(newRide({ numberOfTeen: -1 }))).toMatchObject({
        constraint: 'rides_number_of_teen_check',
      });
      await expect(newRide({ numberOfChild: 0, numberOfTeen: 0, numberOfAdult: 0 })).resolves.toBeTruthy();
    });

    it('refuses an end before the start', async () => {
      expect(await refused(newRide({ startDate: '2026-05-02', endDate: '2026-05-01' }))).toMatchObject({
        constraint: 'rides_dates_order',
      });
    });

    it(`lasts at most ${MAX_TRIP_DAYS} days`, async () => {
      const start = '2026-01-30';
      await expect(
        newRide({ startDate: start, endDate: addDays(start, MAX_TRIP_DAYS - 1) }),
      ).resolves.toBeTruthy();
      expect(
        await refused(newRide({ startDate: start, endDate: addDays(start, MAX_TRIP_DAYS) })),
      ).toMatchObject({ constraint: 'rides_max_days' });
    });

    it('knows only the fixed trip categories and defaults to planning', async () => {
      expect((await newRide()).category).toBe('planning');
      expect(await refused(newRide({ category: 'archived' as 'planning' }))).toMatchObject({
        constraint: 'rides_category_check',
      });
    });

    it('keeps calendar dates and times as written, with no time zone arithmetic', async () => {
      const ride = await newRide({ startDate: '2026-03-29', endDate: '2026-03-30' }); // a DST change in Israel
      const attraction = await newAttraction();
      await db.insert(rideAttractions).values({
        rideId: ride.id,
        attractionId: attraction.id,
        plannedDate: '2026-03-29',
        timeOfDay: '02:30',
      });
      const [row] = await db.select().from(rides).where(eq(rides.id, ride.id));
      expect(row).toMatchObject({ startDate: '2026-03-29', endDate: '2026-03-30' });
      const [placement] = await db.select().from(rideAttractions).where(eq(rideAttractions.rideId, ride.id));
      expect(placement).toMatchObject({ plannedDate: '2026-03-29', timeOfDay: '02:30:00' });
      expect(row?.createdAt).toBeInstanceOf(Date);
    });
  });

  describe('accommodations and placements', () => {
    it('refuses a check-out before the check-in', async () => {
      const ride = await newRide();
      expect(
        await refused(newAccommodation(ride.id, { checkInDate: '2026-05-03', checkOutDate: '2026-05-02' })),
      ).toMatchObject({
        constraint: 'accommodations_dates_order',
      });
    });

    it('stores the status values as the wire spells them, and no others', async () => {
      const ride = await newRide();
      await expect(newAccommodation(ride.id, { status: 'base_trip_accomodation' })).resolves.toMatchObject({
        status: 'base_trip_accomodation',
      });
      expect(await refused(newAccommodation(ride.id, { status: 'pending' as 'booked' }))).toMatchObject({
        constraint: 'accommodations_status_check',
      });
    });

    it('places an attraction once per trip', async () => {
      const ride = await newRide();
      const attraction = await newAttraction();
      const place = () =>
        db
          .insert(rideAttractions)
          .values({ rideId: ride.id, attractionId: attraction.id, plannedDate: '2026-05-01' });
      await place();
      expect(await refused(place())).toMatchObject({
        code: PG_ERROR.uniqueViolation,
        constraint: 'ride_attractions_ride_attraction_unique',
      });
    });

    it('refuses a point off the Earth', async () => {
      expect(await refused(newAttraction({ lat: 91 }))).toMatchObject({ constraint: 'attractions_on_earth' });
    });

    it('deleting a trip takes its days, accommodations and keys with it, not the attractions', async () => {
      const ride = await newRide();
      const attraction = await newAttraction();
      await db
        .insert(rideAttractions)
        .values({ rideId: ride.id, attractionId: attraction.id, plannedDate: '2026-05-02' });
      await newAccommodation(ride.id);
      await db.insert(rideAccessKeys).values({ rideId: ride.id, secretKey: `cascade-${ride.id}` });
      await db.delete(rides).where(eq(rides.id, ride.id));
      expect(await db.select().from(rideAttractions).where(eq(rideAttractions.rideId, ride.id))).toEqual([]);
      expect(await db.select().from(accommodations).where(eq(accommodations.rideId, ride.id))).toEqual([]);
      expect(await db.select().from(rideAccessKeys).where(eq(rideAccessKeys.rideId, ride.id))).toEqual([]);
      expect(await db.select().from(attractions).where(eq(attractions.id, attraction.id))).toHaveLength(1);
    });
  });

  describe('access keys', () => {
    it('default to 4 users and view; refuse a negative count', async () => {
      const ride = await newRide();
      const [key] = await db
        .insert(rideAccessKeys)
        .values({ rideId: ride.id, secretKey: `d-${ride.id}` })
        .returning();
      expect(key).toMatchObject({ authorizedUsersCount: 4, action: 'view', isOneTime: false });
      expect(
        await refused(
          db
            .insert(rideAccessKeys)
            .values({ rideId: ride.id, secretKey: `n-${ride.id}`, authorizedUsersCount: -1 }),
        ),
      ).toMatchObject({
        constraint: 'ride_access_keys_authorized_users_count_check',
      });
    });
  });
});
