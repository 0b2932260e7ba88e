import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceAnalysisResponse, SuspiciousUsersResponse, UserDevicesResponse } from '@rides/contract';
import { devices, logins, users } from '../../src/db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectCode, newUser } from './trip-editing-fixtures.js';
import { bearer } from './trips-fixtures.js';

/**
 * Device management (issue 21 points 1, 2; decision 0035): the platform admin's calls, their permission both ways, their
 * bad input, and the risk each seeded pattern gets (the rule itself is table-tested in the contract).
 */
describe('device management calls', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof newUser>>;
  const HOUR = 3_600_000;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

  /** A user with the given devices; each device: its time zone, when first seen, and its sign-ins (hours ago). */
  async function userWith(name: string, devs: { timezone: string; firstSeen: number; signIns: number[] }[]) {
    const u = await newUser(t, 'user');
    await t.db.db.update(users).set({ userName: name }).where(eq(users.id, u.id));
    for (const [i, d] of devs.entries()) {
      const [row] = await t.db.db
        .insert(devices)
        .values({
          userId: u.id,
          fingerprint: `${name}-${i}`,
          deviceName: `Device ${i + 1}`,
          userAgent: 'Mozilla/5.0 (test)',
          timezone: d.timezone,
          firstLogin: ago(d.firstSeen),
          lastLogin: ago(Math.min(...d.signIns)),
          loginCount: d.signIns.length,
        })
        .returning({ id: devices.id });
      await t.db.db.insert(logins).values(d.signIns.map((h) => ({ userId: u.id, deviceId: row?.id ?? null, at: ago(h) })));
    }
    return u;
  }

  let sharer: { id: number }, traveller: { id: number }, burst: { id: number }, quiet: { id: number }, five: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t, 'user');
    await t.db.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    // Six devices over the week: HIGH by count.
    sharer = await userWith('Sharer', Array.from({ length: 6 }, (_, i) => ({ timezone: 'Asia/Jerusalem', firstSeen: 2000 + i, signIns: [10 + i * 20, 100 + i] })));
    // Two devices only, but Jerusalem and New York twenty minutes apart: HIGH although under the count threshold.
    traveller = await userWith('Two places', [
      { timezone: 'Asia/Jerusalem', firstSeen: 3000, signIns: [30] },
      { timezone: 'America/New_York', firstSeen: 3000, signIns: [29.7] },
    ]);
    // Three new devices within a day: HIGH (a password just handed out).
    burst = await userWith('Burst', [
      { timezone: 'Europe/Rome', firstSeen: 50, signIns: [50] },
      { timezone: 'Europe/Rome', firstSeen: 45, signIns: [45] },
      { timezone: 'Europe/Rome', firstSeen: 40, signIns: [40] },
    ]);
    // Four devices in one time zone, used hours apart: MEDIUM.
    five = await userWith('Four', Array.from({ length: 4 }, (_, i) => ({ timezone: 'Asia/Jerusalem', firstSeen: 5000, signIns: [20 + i * 10] })));
    // A phone and a laptop: not listed.
    quiet = await userWith('Quiet', [
      { timezone: 'Asia/Jerusalem', firstSeen: 5000, signIns: [5, 30] },
      { timezone: 'Asia/Jerusalem', firstSeen: 5000, signIns: [8] },
    ]);
  });
  afterAll(() => t?.dispose());

  const get = (url: string, headers: Record<string, string> = admin.headers) => t.app.inject({ method: 'GET', url, headers });

  it('lists users over the threshold and those a rule flags below it, most devices first, with the reason', async () => {
    const res = await get('/api/suspicious_users');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SuspiciousUsersResponse;
    expect(body).toMatchObject({ ServerMassageCode: 'success', status: 'success' });
    const mine = body.suspicious_users.filter((u) => [sharer.id, traveller.id, burst.id, five.id, quiet.id].includes(u.user_id));
    expect(mine.map((u) => [u.username, u.device_count, u.risk_level, u.reason])).toEqual([
      ['Sharer', 6, 'HIGH', 'many_devices'],
      ['Four', 4, 'MEDIUM', 'several_devices'],
      ['Burst', 3, 'HIGH', 'burst_of_new_devices'],
      ['Two places', 2, 'HIGH', 'far_apart_at_once'],
    ]);
    expect(mine.find((u) => u.username === 'Sharer')?.total_logins).toBe(12);
  });

  it('filters by devices and days back', async () => {
    const atFive = (await get('/api/suspicious_users?min_devices=5&days_back=7')).json() as SuspiciousUsersResponse;
    expect(atFive.suspicious_users.some((u) => u.user_id === sharer.id)).toBe(true);
    expect(atFive.suspicious_users.some((u) => u.user_id === five.id)).toBe(false);
    // One day back: the sharer's sign-ins of the last 24 hours are on two devices (10 and 30 hours ago: one).
    const oneDay = (await get('/api/suspicious_users?min_devices=3&days_back=1')).json() as SuspiciousUsersResponse;
    expect(oneDay.suspicious_users.some((u) => u.user_id === sharer.id)).toBe(false);
  });

  it('pages, sorts, filters the risk level and searches on the server (decision 0035), with the counts per level', async () => {
    const page = async (query: string) => {
      const res = await get(`/api/suspicious_users?min_devices=3&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SuspiciousUsersResponse;
    };
    const names = (body: SuspiciousUsersResponse) => body.suspicious_users.map((u) => u.username);
    const first = await page('page_size=2');
    expect(first).toMatchObject({ page: 1, page_size: 2, total_count: 4, risk_counts: { HIGH: 3, MEDIUM: 1, LOW: 0 } });
    expect(names(first)).toEqual(['Sharer', 'Four']);
    expect(names(await page('page_size=2&page=2'))).toEqual(['Burst', 'Two places']);
    // Past the last page: no rows, the same count.
    expect(await page('page_size=2&page=3')).toMatchObject({ suspicious_users: [], total_count: 4 });
    // A text column starts from A; the same column again turns the order.
    expect(names(await page('sort=username'))).toEqual(['Burst', 'Four', 'Sharer', 'Two places']);
    expect(names(await page('sort=username&order=desc'))).toEqual(['Two places', 'Sharer', 'Four', 'Burst']);
    // Sign-ins over the period: the sharer 12, the four-device user 4, the burst 3, the traveller 2.
    const byLogins = await page('sort=total_logins');
    expect(byLogins.suspicious_users.map((u) => [u.username, u.total_logins])).toEqual([
      ['Sharer', 12],
      ['Four', 4],
      ['Burst', 3],
      ['Two places', 2],
    ]);
    // The database's orders (names, emails, sign-ins) page, search and filter the level as the others do.
    expect(names(await page('sort=total_logins&order=asc&page_size=2&page=2'))).toEqual(['Four', 'Sharer']);
    expect(await page('sort=total_logins&page_size=2&page=3')).toMatchObject({ suspicious_users: [], total_count: 4 });
    expect(names(await page('sort=total_logins&risk=HIGH'))).toEqual(['Sharer', 'Burst', 'Two places']);
    const searched = await page('sort=total_logins&q=UR');
    expect(names(searched)).toEqual(['Four', 'Burst']);
    expect(searched.total_count).toBe(2);
    expect(names(await page('sort=username&page_size=3&page=2'))).toEqual(['Two places']);
    // Ties by user id: the sharer, the traveller and the burst were made in that order.
    expect(names(await page('sort=risk_level&order=asc'))).toEqual(['Four', 'Sharer', 'Two places', 'Burst']);
    // One level: the count is the level's, the counts per level stay the listing's.
    const medium = await page('risk=MEDIUM');
    expect(names(medium)).toEqual(['Four']);
    expect(medium).toMatchObject({ total_count: 1, risk_counts: { HIGH: 3, MEDIUM: 1, LOW: 0 } });
    // A part of the name or email, any case; its wildcards are plain text.
    expect(names(await page('q=PLACES'))).toEqual(['Two places']);
    expect(names(await page('q=%25'))).toEqual([]);
    // No paging fields (an old client): the first page of 10 in the default order.
    const old = (await get('/api/suspicious_users?min_devices=3')).json() as SuspiciousUsersResponse;
    expect(old).toMatchObject({ page: 1, page_size: 10, total_count: 4 });
  });

  it("answers a user's devices, the most recently used first, and 404 for an unknown user", async () => {
    const res = await get(`/api/user_devices/${quiet.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UserDevicesResponse;
    expect(body.devices.map((d) => [d.device_name, d.login_count])).toEqual([
      ['Device 1', 2],
      ['Device 2', 1],
    ]);
    expect(new Date(body.devices[0]?.last_login ?? '').getTime()).toBeGreaterThan(Date.now() - 6 * HOUR);
    expectCode(await get('/api/user_devices/99999999'), 404, 'not_found');
  });

  it("analyses a user's period: risk, counts, average, devices and sign-ins per day", async () => {
    const res = await get(`/api/device_analysis/${traveller.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { analysis } = res.json() as DeviceAnalysisResponse;
    expect(analysis).toMatchObject({
      user_id: traveller.id,
      username: 'Two places',
      days_back: 30,
      risk_level: 'HIGH',
      reason: 'far_apart_at_once',
      device_count: 2,
      total_logins: 2,
      avg_logins_per_device: 1,
    });
    expect(analysis.devices).toHaveLength(2);
    expect(analysis.daily_logins.reduce((n, d) => n + d.logins, 0)).toBe(2);
    // A user with no sign-in in the period: LOW, nothing counted.
    const idle = await newUser(t, 'user');
    const quietAnalysis = (await get(`/api/device_analysis/${idle.id}?days_back=1`)).json() as DeviceAnalysisResponse;
    expect(quietAnalysis.analysis).toMatchObject({ risk_level: 'LOW', reason: 'normal_use', device_count: 0, avg_logins_per_device: 0, devices: [] });
    expectCode(await get('/api/device_analysis/99999999'), 404, 'not_found');
  });

  it('refuses everyone but a platform admin: visitor 401, user and planner 403', async () => {
    const user = await newUser(t, 'user');
    const planner = await newUser(t, 'manager');
    for (const url of ['/api/suspicious_users', `/api/user_devices/${sharer.id}`, `/api/device_analysis/${sharer.id}`]) {
      expectCode(await get(url, {}), 401, 'user_is_not_authorized');
      expectCode(await get(url, user.headers), 403, 'forbidden');
      expectCode(await get(url, planner.headers), 403, 'forbidden');
    }
  });

  it('refuses bad filters and ids with 400', async () => {
    for (const url of [
      '/api/suspicious_users?min_devices=abc',
      '/api/suspicious_users?days_back=0',
      '/api/suspicious_users?days_back=-3',
      '/api/suspicious_users?min_devices=2.5',
      '/api/suspicious_users?risk=high',
      '/api/suspicious_users?sort=fingerprint',
      '/api/suspicious_users?page=0',
      '/api/suspicious_users?page_size=101',
      '/api/user_devices/abc',
      '/api/user_devices/0',
      '/api/device_analysis/1?days_back=99999',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { ServerMassageCode?: string }).ServerMassageCode, url).toBeTruthy();
    }
    expectCode(await get('/api/suspicious_users?risk=SEVERE'), 400, 'invalid_risk_level');
    expectCode(await get('/api/suspicious_users?sort=fingerprint'), 400, 'invalid_sort');
    expectCode(await get('/api/suspicious_users?order=up'), 400, 'invalid_sort');
    expectCode(await get('/api/suspicious_users?page=-1'), 400, 'invalid_page');
    expectCode(await get('/api/suspicious_users?page_size=0'), 400, 'invalid_page_size');
    expectCode(await get(`/api/suspicious_users?q=${'a'.repeat(101)}`), 400, 'invalid_search');
  });
});

describe('device management on the demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db.db, { passwordHash: 'not-used-here' });
  });
  afterAll(() => t?.dispose());

  it("shows the demo's password-sharer first (HIGH), the borderline user (MEDIUM), not the authors", async () => {
    const [admin] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    const res = await t.app.inject({ method: 'GET', url: '/api/suspicious_users', headers: await bearer(t, admin?.id ?? 0) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as SuspiciousUsersResponse).suspicious_users;
    expect(rows.map((u) => [u.email, u.device_count, u.risk_level, u.reason])).toEqual([
      [DEMO_ACCOUNTS.sharer.email, 7, 'HIGH', 'far_apart_at_once'],
      [DEMO_ACCOUNTS.borderline.email, 4, 'MEDIUM', 'several_devices'],
    ]);
  });
});
