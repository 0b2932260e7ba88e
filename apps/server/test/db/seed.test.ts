import { verify } from '@node-rs/argon2';
import { addDays } from '@rides/contract';
import { asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import {
  accommodations,
  attractions,
  categories,
  pdfExports,
  rideAccessKeyUses,
  rideAttractions,
  rideExtraInformation,
  rideShares,
  rides,
  subcategories,
  subdomainThemes,
  users,
} from '../../src/db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoIfEmpty, seedDemo } from '../../src/db/seed/index.js';
import { demoRides } from '../../src/db/seed/data/index.js';
import type { DemoRide } from '../../src/db/seed/data/types.js';
import { createTestDatabase, truncateAll, type TestDatabase } from '../helpers/db.js';

describe(`demo seed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  describe('the demo content', () => {
    beforeAll(async () => {
      await truncateAll(handle);
      expect(await seedDemo(db)).toBe(true);
    });

    it('creates the demo accounts with an argon2id hash of the demo password; one is the platform admin', async () => {
      const rows = await db.select().from(users).orderBy(asc(users.id));
      expect(rows.map((u) => [u.email, u.role, u.isAdmin])).toEqual([
        ['traveller@demo.rides.local', 'user', false],
        ['planner@demo.rides.local', 'manager', false],
        ['partner@demo.rides.local', 'manager', false],
        ['admin@demo.rides.local', 'user', true],
        ['shared.account@demo.rides.local', 'user', false],
        ['borderline@demo.rides.local', 'user', false],
      ]);
      const planner = rows.find((u) => u.email === DEMO_ACCOUNTS.planner.email);
      expect(planner).toMatchObject({
        title: expect.any(String),
        about: expect.any(String),
        websiteLink: expect.stringMatching(/^https:/),
      });
      expect(planner?.userName).toMatch(/[\u05d0-\u05ea]/);
      for (const u of rows) {
        expect(u.passwordHash).toMatch(/^\$argon2id\$/);
        expect(await verify(u.passwordHash as string, DEMO_PASSWORD)).toBe(true);
      }
    });

    it('loads five themes plus the default, one managed by the partner account', async () => {
      const themes = await db.select().from(subdomainThemes);
      expect(themes).toHaveLength(6);
      expect(themes.filter((t) => t.isDefault)).toHaveLength(1);
      const [partner] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.subdomain.email));
      const managed = themes.filter((t) => t.userId !== null);
      expect(managed.map((t) => t.userId)).toEqual([partner?.id]);
      for (const t of themes) {
        expect(Object.keys(t.colors).sort()).toEqual([
          'mainTextBackgroundColor',
          'primary',
          'primaryBackground',
          'primaryTextColor',
          'rideItineraryBackgroundColor',
          'secondary',
          'secondaryBackground',
          'secondaryTextColor',
        ]);
        expect(t.logoUrl).toMatch(/^data:image\/svg\+xml,/);
      }
    });

    it("gives the demo categories to the demo planner (decision 0020: the seeded categories are a manager's)", async () => {
      const [planner] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.planner.email));
      const owners = new Set(
        (await db.select({ ownerId: categories.ownerId }).from(categories)).map((c) => c.ownerId),
      );
      expect([...owners]).toEqual([planner!.id]);
    });

    it('loads Hebrew attraction categories with subcategories', async () => {
      expect(await db.$count(categories)).toBeGreaterThanOrEqual(3);
      expect(await db.$count(subcategories)).toBeGreaterThan(await db.$count(categories));
      const names = (await db.select({ name: categories.name }).from(categories)).map((c) => c.name);
      expect(names).toContain('טבע');
    });

    it('keeps every demo trip id, dates from its days, and moves the id sequence past them', async () => {
      const rows = await db.select().from(rides).orderBy(asc(rides.id));
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
        demoRides.map((r) => r.id).sort((a, b) => a - b),
      );
      for (const demo of demoRides) {
        const row = rows.find((r) => r.id === demo.id);
        expect(row).toMatchObject({
          title: demo.title,
          startDate: demo.startDate,
          endDate: addDays(demo.startDate, demo.days.length - 1),
          language: demo.language,
          type: demo.isPrivate ? 'private' : 'public',
          category: demo.category,
          isDemo: demo.isDemo ?? false,
          basedRideId: demo.basedRideId ?? null,
        });
        expect(row?.rideManagerId !== null).toBe(demo.isPrivate);
      }
      const maxId = Math.max(...demoRides.map((r) => r.id));
      const [author] = await db.select({ id: users.id }).from(users).limit(1);
      const [next] = await db
        .insert(rides)
        .values({
          authorId: author!.id,
          title: 'after the demo',
          startDate: '2026-01-01',
          endDate: '2026-01-02',
        })
        .returning({ id: rides.id });
      expect(next?.id).toBe(maxId + 1);
      await db.delete(rides).where(eq(rides.id, maxId + 1));
    });

    it('places every attraction on its day, in order, one row per distinct key', async () => {
      const keys = new Set(demoRides.flatMap((r) => r.days.flatMap((d) => d.attractions.map((a) => a.key))));
      expect(await db.$count(attractions)).toBe(keys.size);
      for (const demo of demoRides) {
        const placed = await db
          .select({
            date: rideAttractions.plannedDate,
            position: rideAttractions.position,
            time: rideAttractions.timeOfDay,
            title: attractions.title,
          })
          .from(rideAttractions)
          .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
          .where(eq(rideAttractions.rideId, demo.id))
          .orderBy(asc(rideAttractions.plannedDate), asc(rideAttractions.position));
        const expected = demo.days.flatMap((d, i) =>
          d.attractions.map((a, position) => ({
            date: addDays(demo.startDate, i),
            position,
            time: a.time ? `${a.time}:00` : null,
            title: a.title,
          })),
        );
        expect(placed).toEqual(expected);
      }
    });

    it('maps accommodations to check-in = start + first day and check-out = check-in + nights', async () => {
      for (const demo of demoRides) {
        const rows = await db
          .select()
          .from(accommodations)
          .where(eq(accommodations.rideId, demo.id))
          .orderBy(asc(accommodations.checkInDate));
        const expected = [...demo.accommodations]
          .sort((a, b) => a.firstDay - b.firstDay)
          .map((a) => ({
            name: a.name,
            checkInDate: addDays(demo.startDate, a.firstDay),
            checkOutDate: addDays(demo.startDate, a.firstDay + a.nights),
            status: a.status,
          }));
        expect(
          rows.map((r) => ({
            name: r.name,
            checkInDate: r.checkInDate,
            checkOutDate: r.checkOutDate,
            status: r.status,
          })),
        ).toEqual(expected);
      }
    });

    it('keeps trip-wide information and per-day notes apart', async () => {
      const tripWide = demoRides.reduce((n, r) => n + r.extraInformation.length, 0);
      const perDay = demoRides.reduce((n, r) => n + r.days.filter((d) => d.note).length, 0);
      expect(await db.$count(rideExtraInformation, isNull(rideExtraInformation.date))).toBe(tripWide);
      expect(await db.$count(rideExtraInformation, isNotNull(rideExtraInformation.date))).toBe(perDay);
    });

    it('reads a whole trip through the relational API', async () => {
      const demo = demoRides[0] as DemoRide;
      const trip = await db.query.rides.findFirst({
        where: eq(rides.id, demo.id),
        with: {
          author: { columns: { email: true } },
          rideAttractions: { with: { attraction: { columns: { title: true } } } },
          accommodations: { columns: { name: true } },
        },
      });
      expect(trip?.author.email).toBe(DEMO_ACCOUNTS[demo.author].email);
      expect(trip?.rideAttractions).toHaveLength(demo.days.reduce((n, d) => n + d.attractions.length, 0));
      expect(trip?.accommodations).toHaveLength(demo.accommodations.length);
    });

    it('leaves activity for the admin screens', async () => {
      expect(await db.$count(rideShares)).toBeGreaterThan(0);
      expect(await db.$count(pdfExports)).toBeGreaterThan(0);
      // The demo holds private trips (their access-key uses are what the admin screens list): said, not assumed.
      expect(demoRides.some((r) => r.isPrivate)).toBe(true);
      expect(await db.$count(rideAccessKeyUses)).toBeGreaterThan(0);
    });

    it('is idempotent: a second run writes nothing', async () => {
      const before = await Promise.all(
        [users, rides, attractions, rideAttractions, subdomainThemes, categories].map((t) => db.$count(t)),
      );
      expect(await seedDemo(db)).toBe(false);
      expect(await loadDemoIfEmpty(handle)).toBe(false);
      const after = await Promise.all(
        [users, rides, attractions, rideAttractions, subdomainThemes, categories].map((t) => db.$count(t)),
      );
      expect(after).toEqual(before);
    });
  });

  describe('guards', () => {
    const tiny: DemoRide = {
      id: 5,
      title: 'Tiny',
      text: '<p>t</p>',
      language: 'english',
      startDate: '2026-06-01',
      days: [
        { attractions: [{ key: 'a', title: 'A', text: '', lat: 1, lng: 1, time: '09:15' }] },
        { attractions: [], note: 'rest' },
      ],
      accommodations: [
        {
          name: 'H',
          cuntry_and_city: 'X, Y',
          lat: 1,
          lng: 1,
          firstDay: 0,
          nights: 1,
          status: 'booked',
          booking_confirmation: 'B1',
        },
      ],
      extraInformation: [{ title: 'T', text: 'x' }],
      party: { adults: 1, teens: 0, children: 0 },
      physicalDisabilities: false,
      author: 'traveller',
      isBasedRide: false,
      isLocked: false,
      isPrivate: false,
      isWhiteLabel: false,
      category: 'planning',
    };
    // A hash computed once keeps these cases fast; the content test above covers real hashing.
    const passwordHash =
      '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0000000000000000000000000000000000000000000';

    beforeAll(async () => {
      await truncateAll(handle);
    });

    it('refuses, writing nothing, when a demo trip id is taken', async () => {
      const [someone] = await db
        .insert(users)
        .values({ email: 'someone@example.com', userName: 'S' })
        .returning({ id: users.id });
      await db.insert(rides).values({
        id: 5,
        authorId: someone!.id,
        title: 'not demo',
        startDate: '2026-01-01',
        endDate: '2026-01-01',
      });
      await expect(seedDemo(db, { rides: [tiny], passwordHash })).rejects.toThrow(
        /ride ids 5 are already used/,
      );
      expect(await db.$count(users)).toBe(1);
      await truncateAll(handle);
    });

    it('loads on PostgreSQL only when forced, always on PGlite', async () => {
      const loaded = await loadDemoIfEmpty(handle, { rides: [tiny], passwordHash });
      expect(loaded).toBe(handle.kind === 'pglite');
      if (handle.kind === 'postgres')
        expect(await loadDemoIfEmpty(handle, { force: true, rides: [tiny], passwordHash })).toBe(true);
      expect(await db.$count(rides)).toBe(1);
      const [acc] = await db.select().from(accommodations);
      expect(acc).toMatchObject({
        checkInDate: '2026-06-01',
        checkOutDate: '2026-06-02',
        bookingConfirmation: 'B1',
        orderedByUser: true,
      });
    });
  });
});
