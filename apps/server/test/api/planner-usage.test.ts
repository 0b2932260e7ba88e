import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  monthOf,
  type BillingResponse,
  type OneTimeUsageResponse,
  type PdfExportInfoResponse,
} from '@rides/contract';
import {
  pdfExports,
  rideAccessKeyUses,
  rideAccessKeys,
  rideShares,
  users,
} from '../../src/db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectCode, makeTrip, newUser } from './ride-editing-fixtures.js';
import { bearer } from './rides-fixtures.js';

/**
 * Planners' billing, PDF export info and one-time usage (issue 21 points 3, 4; decision 0038): what each call counts,
 * the permission both ways, and the bad input.
 */
describe('planner usage calls', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof newUser>>;
  let planner: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  let traveller: Awaited<ReturnType<typeof newUser>>;
  let tripA: number, tripB: number, privateTrip: number, travellersTrip: number;
  const yesterday = new Date(Date.now() - 86_400_000);
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t, 'user');
    await t.db.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    planner = await newUser(t, 'manager');
    other = await newUser(t, 'manager');
    traveller = await newUser(t, 'user');
    tripA = (await makeTrip(t, { authorId: planner.id, days: 3 })).rideId;
    tripB = (await makeTrip(t, { authorId: planner.id, days: 5 })).rideId;
    // A traveller's private trip planned by the planner: billed to the planner.
    privateTrip = (
      await makeTrip(t, { authorId: traveller.id, days: 2, type: 'private', rideManagerId: planner.id })
    ).rideId;
    // A traveller's own public trip: no planner, not billed.
    travellersTrip = (await makeTrip(t, { authorId: traveller.id, days: 4 })).rideId;
    const otherTrip = (await makeTrip(t, { authorId: other.id, days: 1 })).rideId;
    await t.db.db.insert(rideShares).values([
      { rideId: tripA, userId: planner.id, createdAt: at('2026-03-02T08:00:00Z') },
      { rideId: tripA, userId: planner.id, createdAt: at('2026-03-20T08:00:00Z') },
      { rideId: tripA, userId: planner.id, createdAt: at('2026-03-31T23:59:00Z') },
      // The next month and the month before: not March's.
      { rideId: tripA, userId: planner.id, createdAt: at('2026-04-01T00:00:00Z') },
      { rideId: tripB, userId: planner.id, createdAt: at('2026-02-10T08:00:00Z') },
      { rideId: privateTrip, userId: planner.id, createdAt: at('2026-03-05T08:00:00Z') },
      { rideId: travellersTrip, userId: traveller.id, createdAt: at('2026-03-05T08:00:00Z') },
      { rideId: otherTrip, userId: other.id, createdAt: at('2026-03-07T08:00:00Z') },
    ]);
    await t.db.db.insert(pdfExports).values([
      {
        rideId: tripB,
        userId: planner.id,
        rideTitle: 'B as exported',
        rideStartDate: '2031-05-10',
        rideEndDate: '2031-05-14',
        createdAt: at('2026-03-03T08:00:00Z'),
      },
      {
        rideId: tripB,
        userId: planner.id,
        rideTitle: 'B renamed',
        rideStartDate: '2031-05-10',
        rideEndDate: '2031-05-14',
        createdAt: at('2026-03-04T08:00:00Z'),
      },
      {
        rideId: tripA,
        userId: planner.id,
        rideTitle: 'A',
        rideStartDate: '2031-05-10',
        rideEndDate: '2031-05-12',
        createdAt: at('2026-01-04T08:00:00Z'),
      },
    ]);
    const [key] = await t.db.db
      .insert(rideAccessKeys)
      .values({
        rideId: privateTrip,
        secretKey: `k-${Date.now()}`,
        isOneTime: true,
        authorizedUsersCount: 1,
        createdBy: planner.id,
      })
      .returning({ id: rideAccessKeys.id });
    const [reusable] = await t.db.db
      .insert(rideAccessKeys)
      .values({ rideId: privateTrip, secretKey: `r-${Date.now()}`, createdBy: planner.id })
      .returning({ id: rideAccessKeys.id });
    const day = 86_400_000;
    await t.db.db.insert(rideAccessKeyUses).values([
      { keyId: key?.id ?? 0, userId: null, message: 'opened', createdAt: new Date(Date.now() - 2 * day) },
      { keyId: key?.id ?? 0, userId: traveller.id, message: null, createdAt: yesterday },
      {
        keyId: key?.id ?? 0,
        userId: traveller.id,
        message: 'long ago',
        createdAt: new Date(Date.now() - 90 * day),
      },
      // A reusable key's use is no one-time access.
      {
        keyId: reusable?.id ?? 0,
        userId: traveller.id,
        message: 'joined',
        createdAt: new Date(Date.now() - 1 * day),
      },
    ]);
  });
  afterAll(() => t?.dispose());

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'GET', url, headers });

  it("bills each planner's month: trips used, shares, days, PDF exports; a traveller's own trip is nobody's bill", async () => {
    const res = await get('/api/ride_manager_billing_api?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BillingResponse;
    expect(body).toMatchObject({ ServerMassageCode: 'success', month: '2026-03', rides: [] });
    const mine = body.billing_data.filter((m) => [planner.id, other.id, traveller.id].includes(m.manager_id));
    expect(
      mine.map((m) => [m.manager_id, m.total_rides, m.total_shares, m.total_days, m.total_pdf_exports]),
    ).toEqual([
      [planner.id, 3, 4, 3 + 5 + 2, 2],
      [other.id, 1, 1, 1, 0],
    ]);
    expect(mine[0]?.first_ride).toBe('2026-03-02T08:00:00.000Z');
    expect(mine[0]?.last_ride).toBe('2026-03-31T23:59:00.000Z');
  });

  it("answers one planner's trips and their last six months for the details and the chart", async () => {
    const body = (
      await get(`/api/ride_manager_billing_api?month=2026-03&manager_id=${planner.id}`)
    ).json() as BillingResponse;
    expect(body.billing_data.map((m) => m.manager_id)).toEqual([planner.id]);
    expect(
      body.rides.map((r) => [
        r.ride_id,
        r.number_of_days,
        r.number_of_shares,
        r.number_of_pdf_exports,
        r.first_shared_date,
        r.last_shared_date,
      ]),
    ).toEqual([
      [tripA, 3, 3, 0, '2026-03-02T08:00:00.000Z', '2026-03-31T23:59:00.000Z'],
      [privateTrip, 2, 1, 0, '2026-03-05T08:00:00.000Z', '2026-03-05T08:00:00.000Z'],
      [tripB, 5, 0, 2, null, null],
    ]);
    expect(body.monthly.map((m) => [m.month, m.total_rides, m.total_shares, m.total_pdf_exports])).toEqual([
      ['2025-10', 0, 0, 0],
      ['2025-11', 0, 0, 0],
      ['2025-12', 0, 0, 0],
      ['2026-01', 1, 0, 1],
      ['2026-02', 1, 1, 0],
      ['2026-03', 3, 4, 2],
    ]);
    // A planner without use in the month: zeros, not a 404.
    const quiet = (
      await get(`/api/ride_manager_billing_api?month=2025-01&manager_id=${other.id}`)
    ).json() as BillingResponse;
    expect(quiet.billing_data).toMatchObject([{ manager_id: other.id, total_rides: 0, first_ride: null }]);
    // The default month is this month.
    expect(((await get('/api/ride_manager_billing_api')).json() as BillingResponse).month).toBe(
      monthOf(Date.now()),
    );
  });

  it("lists the month's PDF exports per planner and trip, and one planner's each export", async () => {
    const all = (await get('/api/pdf_export_info_api?month=2026-03')).json() as PdfExportInfoResponse;
    const mine = all.pdf_export_info.find((m) => m.manager_id === planner.id);
    expect(mine).toMatchObject({ total_pdf_exports: 2, total_rides: 1 });
    expect(mine?.rides[0]).toMatchObject({
      ride_id: tripB,
      number_of_days: 5,
      number_of_pdf_exports: 2,
      start_date: '2031-05-10',
      end_date: '2031-05-14',
    });
    expect(mine?.rides[0]?.pdf_exports).toBeUndefined();
    const one = (
      await get(`/api/pdf_export_info_api/${planner.id}?month=2026-03`)
    ).json() as PdfExportInfoResponse;
    expect(one.pdf_export_info).toHaveLength(1);
    expect(one.pdf_export_info[0]?.rides[0]?.pdf_exports?.map((e) => [e.ride_title, e.created_at])).toEqual([
      ['B renamed', '2026-03-04T08:00:00.000Z'],
      ['B as exported', '2026-03-03T08:00:00.000Z'],
    ]);
    const none = (
      await get(`/api/pdf_export_info_api/${other.id}?month=2026-03`)
    ).json() as PdfExportInfoResponse;
    expect(none.pdf_export_info).toEqual([
      { manager_id: other.id, username: expect.any(String), total_pdf_exports: 0, total_rides: 0, rides: [] },
    ]);
  });

  it('lists one-time link uses per planner and trip since the start date, by GET and by POST', async () => {
    const res = await get('/api/one_time_access_usage_by_manager');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OneTimeUsageResponse;
    const mine = body.usage_data.find((m) => m.manager_id === planner.id);
    expect(mine).toMatchObject({ total_rides: 1, total_accesses: 2 });
    expect(mine?.rides[0]).toMatchObject({ ride_id: privateTrip, duration_days: 2 });
    expect(mine?.rides[0]?.users.map((u) => [u.user_id, u.message])).toEqual([
      [traveller.id, null],
      [null, 'opened'],
    ]);
    expect(mine?.rides[0]?.users[0]?.created_time).toBe(yesterday.toISOString());
    const since = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/one_time_access_usage_by_manager',
      headers: admin.headers,
      payload: { start_date: since },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const older = posted.json() as OneTimeUsageResponse;
    expect(older.start_date).toBe(since);
    expect(older.usage_data.find((m) => m.manager_id === planner.id)?.total_accesses).toBe(3);
    // POST without a body: the default period.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/one_time_access_usage_by_manager',
      headers: admin.headers,
    });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('refuses a malformed or future start date, a bad month and bad ids with a code; an unknown planner 404', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expectCode(
      await get(`/api/one_time_access_usage_by_manager?start_date=${tomorrow}`),
      400,
      'start_date_in_future',
    );
    expectCode(
      await get('/api/one_time_access_usage_by_manager?start_date=2026-02-30'),
      400,
      'invalid_start_date',
    );
    expectCode(
      await get('/api/one_time_access_usage_by_manager?start_date=yesterday'),
      400,
      'invalid_start_date',
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/one_time_access_usage_by_manager',
      headers: admin.headers,
      payload: { start_date: tomorrow },
    });
    expectCode(posted, 400, 'start_date_in_future');
    expectCode(await get('/api/ride_manager_billing_api?month=2026-13'), 400, 'invalid_month');
    expectCode(await get('/api/ride_manager_billing_api?month=march'), 400, 'invalid_month');
    expectCode(await get('/api/pdf_export_info_api?month=2026-3'), 400, 'invalid_month');
    for (const url of [
      '/api/ride_manager_billing_api?manager_id=abc',
      '/api/pdf_export_info_api/abc',
      '/api/pdf_export_info_api/0',
      '/api/ride_manager_billing_api?other=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { ServerMassageCode?: string }).ServerMassageCode, url).toBeTruthy();
    }
    expectCode(await get('/api/pdf_export_info_api/99999999'), 404, 'not_found');
    expectCode(await get('/api/ride_manager_billing_api?manager_id=99999999'), 404, 'not_found');
    // A user who is no planner has no bill.
    expectCode(await get(`/api/pdf_export_info_api/${traveller.id}`), 404, 'not_found');
  });

  it('refuses everyone but a platform admin: visitor 401, user and planner 403', async () => {
    const calls: { method: 'GET' | 'POST'; url: string }[] = [
      { method: 'GET', url: '/api/ride_manager_billing_api' },
      { method: 'GET', url: `/api/ride_manager_billing_api?manager_id=${planner.id}` },
      { method: 'GET', url: '/api/pdf_export_info_api' },
      { method: 'GET', url: `/api/pdf_export_info_api/${planner.id}` },
      { method: 'GET', url: '/api/one_time_access_usage_by_manager' },
      { method: 'POST', url: '/api/one_time_access_usage_by_manager' },
    ];
    for (const { method, url } of calls) {
      expectCode(await t.app.inject({ method, url }), 401, 'user_is_not_authorized');
      expectCode(await t.app.inject({ method, url, headers: traveller.headers }), 403, 'forbidden');
      // A planner reads no one's bill, not even their own: the figures are the platform's.
      expectCode(await t.app.inject({ method, url, headers: planner.headers }), 403, 'forbidden');
      expect((await t.app.inject({ method, url, headers: admin.headers })).statusCode, url).toBe(200);
    }
  });
});

describe('planner usage on the demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db.db, { passwordHash: 'not-used-here' });
  });
  afterAll(() => t?.dispose());

  it("shows the demo planner's month and last months, and the partner's one-time link uses", async () => {
    const [admin] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    const headers = await bearer(t, admin?.id ?? 0);
    const billing = (
      await t.app.inject({ method: 'GET', url: '/api/ride_manager_billing_api', headers })
    ).json() as BillingResponse;
    const demoPlanner = billing.billing_data.find((m) => m.email === DEMO_ACCOUNTS.planner.email);
    expect(demoPlanner?.total_rides).toBeGreaterThan(0);
    expect(demoPlanner?.total_shares).toBeGreaterThan(0);
    expect(demoPlanner?.total_pdf_exports).toBeGreaterThan(0);
    const details = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ride_manager_billing_api?manager_id=${demoPlanner?.manager_id}`,
        headers,
      })
    ).json() as BillingResponse;
    // Use spread over the last months: at least three of the chart's six have some.
    expect(
      details.monthly.filter((m) => m.total_shares + m.total_pdf_exports > 0).length,
    ).toBeGreaterThanOrEqual(3);
    const usage = (
      await t.app.inject({ method: 'GET', url: '/api/one_time_access_usage_by_manager', headers })
    ).json() as OneTimeUsageResponse;
    expect(
      usage.usage_data.find((m) => m.manager_email === DEMO_ACCOUNTS.subdomain.email)?.total_accesses,
    ).toBeGreaterThan(0);
  });
});
