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
import { expectCode, makeTrip, newUser } from './trip-editing-fixtures.js';
import { bearer } from './trips-fixtures.js';

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
    // The user's name beside the id (issue 30: the screen showed "User ID 10"); none for an anonymous open.
    expect(mine?.rides[0]?.users.map((u) => [u.user_id, u.user_name, u.message])).toEqual([
      [traveller.id, expect.stringMatching(/^Editor \d+$/), null],
      [null, null, 'opened'],
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
      { method: 'GET', url: '/api/ride_manager_billing_csv' },
      { method: 'GET', url: '/api/ride_manager_billing_api?page=2&page_size=5&sort=email&q=a' },
      { method: 'GET', url: '/api/one_time_access_usage_by_manager?page=1&sort=total_rides' },
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

/**
 * The listings paged on the server (decision 0038, "Paged on the server"): the page, its size, the order, the search,
 * the totals of every planner, the CSV of every row, and every bad parameter a coded 400.
 */
describe('planner usage listings, paged on the server', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof newUser>>;
  // 13 planners in June 2025: planner i (0..12) used one trip of 2 days, with i + 1 shares, i % 3 PDF exports and i + 1
  // one-time uses in the last days.
  const planners: { id: number; name: string; email: string; shares: number; exports: number }[] = [];
  const names = [
    'Avi',
    'Bella',
    'Chen',
    'Dana',
    'Eli',
    'Fay',
    'Gal',
    'Hila',
    'Itai',
    'נועה כהן',
    '=HYPERLINK("x")',
    '50%_off',
    'Zohar, Ltd',
  ];
  const june = (day: number) => new Date(Date.UTC(2025, 5, day, 9));
  const day = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newUser(t, 'user');
    await t.db.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    for (const [i, name] of names.entries()) {
      const p = await newUser(t, 'manager');
      const email = `planner${String(i + 1).padStart(2, '0')}@paging.example`;
      await t.db.db.update(users).set({ userName: name, email }).where(eq(users.id, p.id));
      const ride = (await makeTrip(t, { authorId: p.id, days: 2 })).rideId;
      const shares = i + 1;
      const exportsN = i % 3;
      await t.db.db
        .insert(rideShares)
        .values(
          Array.from({ length: shares }, (_, k) => ({ rideId: ride, userId: p.id, createdAt: june(1 + k) })),
        );
      if (exportsN)
        await t.db.db.insert(pdfExports).values(
          Array.from({ length: exportsN }, (_, k) => ({
            rideId: ride,
            userId: p.id,
            rideTitle: 'T',
            rideStartDate: '2031-05-10',
            rideEndDate: '2031-05-11',
            createdAt: june(20 + k),
          })),
        );
      const [key] = await t.db.db
        .insert(rideAccessKeys)
        .values({ rideId: ride, secretKey: `p-${p.id}-${Date.now()}`, isOneTime: true, createdBy: p.id })
        .returning({ id: rideAccessKeys.id });
      await t.db.db.insert(rideAccessKeyUses).values(
        Array.from({ length: i + 1 }, (_, k) => ({
          keyId: key?.id ?? 0,
          userId: null,
          message: `use ${k}`,
          createdAt: new Date(Date.now() - (k + 1) * day),
        })),
      );
      planners.push({ id: p.id, name, email, shares, exports: exportsN });
    }
  });
  afterAll(() => t?.dispose());

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const billing = async (query: string) => {
    const res = await get(`/api/ride_manager_billing_api?month=2025-06${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BillingResponse;
  };
  const sum = (f: (p: (typeof planners)[number]) => number) => planners.reduce((n, p) => n + f(p), 0);

  it('answers an old client (no paging fields) the first page of 10 with the totals of every planner', async () => {
    const body = await billing('');
    expect(body).toMatchObject({ page: 1, page_size: 10, total_count: 13 });
    expect(body.billing_data).toHaveLength(10);
    expect(body.totals).toEqual({
      managers: 13,
      rides: 13,
      shares: sum((p) => p.shares),
      days: 26,
      pdf_exports: sum((p) => p.exports),
    });
    // The default order: the most trips, then the most shares (here: 13 shares first).
    expect(body.billing_data.map((r) => r.total_shares)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
  });

  it('pages: the last page holds the rest, a page past the end is empty and still carries the totals', async () => {
    const second = await billing('&page=2');
    expect(second.billing_data.map((r) => r.total_shares)).toEqual([3, 2, 1]);
    const past = await billing('&page=3');
    expect(past.billing_data).toEqual([]);
    expect(past.totals?.managers).toBe(13);
    expect(past.total_count).toBe(13);
    const small = await billing('&page=4&page_size=3');
    expect(small.billing_data.map((r) => r.total_shares)).toEqual([4, 3, 2]);
  });

  it('sorts by any column of the table, text A to Z and figures largest first unless told', async () => {
    const byName = await billing('&sort=username&page_size=100');
    const expected = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(byName.billing_data.map((r) => r.username)).toHaveLength(13);
    expect(new Set(byName.billing_data.map((r) => r.username))).toEqual(new Set(expected));
    // Stable within equal values (the planner id), and the reverse of desc is asc.
    const desc = await billing('&sort=email&order=desc&page_size=100');
    expect(desc.billing_data.map((r) => r.email)).toEqual([...planners.map((p) => p.email)].sort().reverse());
    const exportsAsc = await billing('&sort=total_pdf_exports&order=asc&page_size=100');
    expect(exportsAsc.billing_data.map((r) => r.total_pdf_exports)).toEqual(
      [...planners.map((p) => p.exports)].sort((a, b) => a - b),
    );
    const lastFirst = await billing('&sort=last_ride&page_size=1');
    expect(lastFirst.billing_data[0]?.total_pdf_exports).toBeGreaterThan(0);
  });

  it("searches a part of the name or email, any case, % and _ as letters; the totals stay the month's", async () => {
    const hebrew = await billing(`&q=${encodeURIComponent('נועה')}`);
    expect(hebrew.billing_data.map((r) => r.username)).toEqual(['נועה כהן']);
    expect(hebrew.total_count).toBe(1);
    expect(hebrew.totals?.managers).toBe(13);
    expect((await billing('&q=PLANNER07')).billing_data.map((r) => r.email)).toEqual([
      'planner07@paging.example',
    ]);
    expect((await billing(`&q=${encodeURIComponent('%_')}`)).billing_data.map((r) => r.username)).toEqual([
      '50%_off',
    ]);
    // Spaces around the text are no part of it; an empty search is every planner.
    expect((await billing('&q=%20%20bella%20')).total_count).toBe(1);
    expect((await billing('&q=')).total_count).toBe(13);
    expect((await billing('&q=nobody-at-all')).billing_data).toEqual([]);
  });

  it('pages the PDF exports and the one-time usage listings the same way, with their totals', async () => {
    const pdf = (
      await get('/api/pdf_export_info_api?month=2025-06&page_size=3')
    ).json() as PdfExportInfoResponse;
    const exporters = planners.filter((p) => p.exports > 0);
    expect(pdf).toMatchObject({
      page: 1,
      page_size: 3,
      total_count: exporters.length,
      totals: { managers: exporters.length, rides: exporters.length, pdf_exports: sum((p) => p.exports) },
    });
    expect(pdf.pdf_export_info.map((m) => m.total_pdf_exports)).toEqual([2, 2, 2]);
    expect(pdf.pdf_export_info[0]?.rides).toHaveLength(1);
    const usage = (
      await get('/api/one_time_access_usage_by_manager?page_size=5&page=3')
    ).json() as OneTimeUsageResponse;
    expect(usage).toMatchObject({ page: 3, page_size: 5, total_count: 13 });
    expect(usage.totals).toEqual({ managers: 13, rides: 13, accesses: (13 * 14) / 2 });
    // The most accesses first: 13, 12, ... so the third page of five is 3, 2, 1; each with its trip and uses.
    expect(usage.usage_data.map((m) => m.total_accesses)).toEqual([3, 2, 1]);
    expect(usage.usage_data.map((m) => m.rides[0]?.users.length)).toEqual([3, 2, 1]);
    const byName = (
      await t.app.inject({
        method: 'POST',
        url: '/api/one_time_access_usage_by_manager',
        headers: admin.headers,
        payload: { sort: 'manager_email', order: 'asc', page_size: 2, q: 'planner1' },
      })
    ).json() as OneTimeUsageResponse;
    expect(byName.usage_data.map((m) => m.manager_email)).toEqual([
      'planner10@paging.example',
      'planner11@paging.example',
    ]);
    expect(byName.total_count).toBe(4);
  });

  it('refuses every bad paging field with its code, never 500, in the query and in the POST body', async () => {
    const cases: [string, string][] = [
      ['page=0', 'invalid_page'],
      ['page=-1', 'invalid_page'],
      ['page=1.5', 'invalid_page'],
      ['page=abc', 'invalid_page'],
      ['page=99999999999', 'invalid_page'],
      ['page_size=0', 'invalid_page_size'],
      ['page_size=101', 'invalid_page_size'],
      ['page_size=ten', 'invalid_page_size'],
      ['sort=password', 'invalid_sort'],
      ['sort=total_accesses', 'invalid_sort'],
      ['order=up', 'invalid_sort'],
      [`q=${'x'.repeat(101)}`, 'invalid_search'],
    ];
    for (const [query, code] of cases) {
      expectCode(await get(`/api/ride_manager_billing_api?${query}`), 400, code);
      if (!query.startsWith('sort=') && !query.startsWith('order='))
        expectCode(await get(`/api/pdf_export_info_api?${query}`), 400, code);
    }
    expectCode(await get('/api/one_time_access_usage_by_manager?sort=total_shares'), 400, 'invalid_sort');
    expectCode(await get('/api/one_time_access_usage_by_manager?page_size=1000'), 400, 'invalid_page_size');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/one_time_access_usage_by_manager',
      headers: admin.headers,
      payload: { page: 'x' },
    });
    expectCode(posted, 400, 'invalid_page');
    // One planner's PDF exports have nothing to page.
    expect((await get(`/api/pdf_export_info_api/${planners[0]?.id}?page=2`)).statusCode).toBe(400);
    expectCode(await get('/api/ride_manager_billing_csv?page=2'), 400, 'bad_request');
    expectCode(await get('/api/ride_manager_billing_csv?month=2025-6'), 400, 'invalid_month');
    expectCode(await get('/api/ride_manager_billing_csv?lang=fr'), 400, 'bad_request');
  });

  it("downloads every row of the month as CSV: BOM, the reader's column names, CRLF, formulas defused", async () => {
    const res = await get('/api/ride_manager_billing_csv?month=2025-06');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="billing-2025-06.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('מזהה מתכנן,מתכנן,אימייל,טיולים,שיתופים,ימים,ייצואי PDF,שימוש ראשון,שימוש אחרון');
    // Every planner (not a page), the busiest first, then the empty string after the last CRLF.
    expect(lines).toHaveLength(1 + 13 + 1);
    expect(lines.at(-1)).toBe('');
    const top = planners[12];
    expect(lines[1]).toBe(
      `${top?.id},"Zohar, Ltd",planner13@paging.example,1,13,2,0,2025-06-01T09:00:00.000Z,2025-06-13T09:00:00.000Z`,
    );
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(/^\d+,"'=HYPERLINK\(""x""\)",/);
    expect(lines.some((l) => l.includes(',נועה כהן,'))).toBe(true);
    const english = await get('/api/ride_manager_billing_csv?month=2025-06&lang=en&sort=username&q=planner0');
    const en = english.body.slice(1).split('\r\n');
    expect(en[0]).toBe('Planner ID,Planner,Email,Trips,Shares,Days,PDF exports,First use,Last use');
    expect(en.slice(1, -1).map((l) => l.split(',')[1])).toEqual([
      'Avi',
      'Bella',
      'Chen',
      'Dana',
      'Eli',
      'Fay',
      'Gal',
      'Hila',
      'Itai',
    ]);
    // A month without use: the header only.
    const empty = await get('/api/ride_manager_billing_csv?month=2019-01&lang=en');
    expect(empty.body.slice(1).split('\r\n')).toHaveLength(2);
  });

  it('serves the CSV to a platform admin only: visitor 401, user and planner 403', async () => {
    const traveller = await newUser(t, 'user');
    const planner = await newUser(t, 'manager');
    const url = '/api/ride_manager_billing_csv?month=2025-06';
    expectCode(await t.app.inject({ method: 'GET', url }), 401, 'user_is_not_authorized');
    expectCode(await get(url, traveller.headers), 403, 'forbidden');
    expectCode(await get(url, planner.headers), 403, 'forbidden');
    // Who may ask is answered before what was asked.
    expectCode(await t.app.inject({ method: 'GET', url: `${url}&page=0` }), 401, 'user_is_not_authorized');
    expectCode(await get('/api/ride_manager_billing_api?page=0', traveller.headers), 403, 'forbidden');
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
