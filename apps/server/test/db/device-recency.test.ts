import { RISK_RULES } from '@rides/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { devices, logins, users } from '../../src/db/schema/index.js';
import { createAccountsRepository } from '../../src/modules/accounts/accounts.repository.js';
import { listRiskFacts } from '../../src/modules/device-management/device-management.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * Migration 0018's triggers keep each device's recency among its user's devices and whether the user's devices are in
 * several time zones, whoever writes devices (the sign-in, the seed, a bulk insert, a delete); the suspicious users'
 * listing counts a period's devices by them (decision 0035). Checked against the plain definitions, computed here
 * from the rows themselves, after random writes of every kind.
 */
describe(`device recency (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: TestDatabase;
  let db: Database;
  const HOUR = 3_600_000;
  const now = Date.now();
  const ZONES = ['Asia/Jerusalem', 'America/New_York', 'Europe/Rome', ''];
  // A small deterministic generator: the same rows on every run.
  let seed = 21;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let userIds: number[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          email: `recency.${i}@example.com`,
          userName: `Recency ${i}`,
        })),
      )
      .returning({ id: users.id });
    userIds = made.map((u) => u.id);
    // One insert of many users' devices, as a seed or an import writes them.
    await db.insert(devices).values(
      userIds.flatMap((userId, u) =>
        Array.from({ length: u % 8 }, (_, d) => {
          const first = now - Math.floor(random() * 40 * 24) * HOUR;
          // Some devices share their last sign-in to the millisecond: the higher id is the more recent.
          const last = d % 3 === 2 ? now - 5 * HOUR : first + Math.floor(random() * (now - first));
          return {
            userId,
            fingerprint: `fp-${userId}-${d}`,
            timezone: u % 5 === 0 ? pick(ZONES) : 'Asia/Jerusalem',
            firstLogin: new Date(first),
            lastLogin: new Date(last),
          };
        }),
      ),
    );
    // Sign-ins move devices to the front, one statement a sign-in; time zones change; some devices go.
    const all = await db.select({ id: devices.id }).from(devices).orderBy(asc(devices.id));
    for (let i = 0; i < 30; i++) {
      const target = pick(all).id;
      await db
        .update(devices)
        .set({
          lastLogin: new Date(now - Math.floor(random() * 10) * HOUR),
          timezone: i % 4 === 0 ? pick(ZONES) : undefined,
        })
        .where(eq(devices.id, target));
    }
    await db.delete(devices).where(inArray(devices.id, [pick(all).id, pick(all).id, pick(all).id]));
    // A count or a name changes nothing of the order.
    await db
      .update(devices)
      .set({ loginCount: 9, deviceName: 'Renamed' })
      .where(eq(devices.userId, userIds[7] ?? 0));
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const rows = () =>
    db
      .select({
        id: devices.id,
        userId: devices.userId,
        timezone: devices.timezone,
        firstLogin: devices.firstLogin,
        lastLogin: devices.lastLogin,
        recency: devices.recency,
        zonesDiffer: devices.zonesDiffer,
      })
      .from(devices);

  it("ranks each user's devices by their last sign-in, the higher id first on a tie, and knows several time zones", async () => {
    const found = await rows();
    expect(found.length).toBeGreaterThan(100);
    for (const userId of userIds) {
      const mine = found.filter((d) => d.userId === userId);
      const order = [...mine].sort((a, b) => b.lastLogin.getTime() - a.lastLogin.getTime() || b.id - a.id);
      expect(
        order.map((d) => d.recency),
        `user ${userId}`,
      ).toEqual(order.map((_, i) => i + 1));
      const zones = new Set(mine.map((d) => d.timezone).filter((z) => z));
      for (const d of mine) expect(d.zonesDiffer, `user ${userId}`).toBe(zones.size > 1);
    }
    expect(found.some((d) => d.zonesDiffer)).toBe(true);
  });

  it('lists, for every threshold and period, exactly the users a plain count lists', async () => {
    const found = await rows();
    for (const days of [1, 3, 7, 30]) {
      const since = new Date(now - days * 24 * HOUR);
      for (const min of [1, 2, 3, 4, 6]) {
        const counts = new Map<number, number>();
        const fresh = new Map<number, number>();
        for (const d of found.filter((r) => r.lastLogin >= since))
          counts.set(d.userId, (counts.get(d.userId) ?? 0) + 1);
        for (const d of found.filter((r) => r.firstLogin >= since))
          fresh.set(d.userId, (fresh.get(d.userId) ?? 0) + 1);
        const listed = await listRiskFacts(db, since, min);
        // No sign-in rows here: nobody is far apart at once, so the count and the bursts decide.
        const bursting = new Set(
          listed.filter((f) => f.newDevicesInBurst >= RISK_RULES.burstNewDevices).map((f) => f.userId),
        );
        const expected = [...counts]
          .filter(([userId, n]) => n >= min || bursting.has(userId))
          .sort(([a, n], [b, m]) => m - n || a - b);
        expect(
          listed.map((f) => [f.userId, f.deviceCount]),
          `${min} devices, ${days} days`,
        ).toEqual(expected);
        for (const userId of bursting)
          expect(fresh.get(userId) ?? 0).toBeGreaterThanOrEqual(RISK_RULES.burstNewDevices);
      }
    }
  });

  it('keeps the order through sign-ins of one user at once, without a deadlock', async () => {
    const [user] = await db
      .insert(users)
      .values({ email: 'busy@example.com', userName: 'Busy' })
      .returning({ id: users.id });
    const userId = user?.id ?? 0;
    const accounts = createAccountsRepository(db);
    const device = (n: number) => ({
      cookieKey: `cookie-${n}`,
      fingerprint: `busy-${n}`,
      name: `Device ${n}`,
      userAgent: 'Mozilla/5.0 (test)',
      screenInfo: '1x1',
      timezone: n % 2 ? 'Asia/Jerusalem' : 'Europe/Rome',
      languages: 'he',
      ip: '192.0.2.1',
    });
    for (let n = 0; n < 4; n++) await accounts.recordLogin(userId, device(n));
    // Each sign-in moves its device to the front and the others back: at once, they would rerank each other's rows.
    await Promise.all(Array.from({ length: 40 }, (_, i) => accounts.recordLogin(userId, device(i % 4))));
    await accounts.recordLogin(userId, device(2));
    const mine = await db
      .select({
        id: devices.id,
        fingerprint: devices.fingerprint,
        recency: devices.recency,
        zonesDiffer: devices.zonesDiffer,
      })
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(asc(devices.recency));
    expect(mine.map((d) => d.recency)).toEqual([1, 2, 3, 4]);
    expect(mine[0]?.fingerprint).toBe('busy-2');
    expect(mine.every((d) => d.zonesDiffer)).toBe(true);
    const signIns = await db.select({ id: logins.id }).from(logins).where(eq(logins.userId, userId));
    expect(signIns).toHaveLength(45);
  });
});
