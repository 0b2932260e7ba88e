import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  auth,
  EDITING_BASE_URL,
  locale,
  login,
  newUser,
  PLANNER,
  seen,
  shot,
  text,
  type Dict,
} from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * A planner pushes a template's update into the clients' copies (issue 37 point 4 "Done when", decision 0075 "Push";
 * rule 144). The demo planner makes a new private trip with two timed activities and lets its copy key's clients copy
 * it; three clients join with the key (each gets their own copy, as the product makes it). One client retimes the first
 * activity in their copy; then the planner retimes it too. On the template's page the planner opens "Clients' copies
 * (3)", sees the three copies with their counts, updates them all and reads the report: two copies took the update,
 * the third has it waiting for its owner. That client opens their copy: "1 update from the original", and the preview
 * shows the conflict with both times. On the editing server, through the API; Hebrew on a desktop, English on a phone.
 */
test.use({ baseURL: EDITING_BASE_URL });

const MARKET = { title: 'Mahane Yehuda Market', lat: 31.7849, lng: 35.2124 };
const MUSEUM = { title: 'Museum of the City', lat: 31.7767, lng: 35.2283 };
/** The trip's first day, 1 September 2031, as the editing calls take it. */
const DAY1 = '9/1/2031';

/** The plural form of a count in the locale's language ("_two" in Hebrew for 2). */
const plural = (
  t: Dict,
  lang: 'he' | 'en',
  key: string,
  count: number,
  values: Record<string, string> = {},
) => text(t, `${key}_${new Intl.PluralRules(lang).select(count)}`, { count, ...values });

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

const retime = async (request: APIRequestContext, token: string, rideId: number, id: number, time: string) =>
  ok(
    await request.get(`/api/update_attraction_ride_time_api/${rideId}/${id}`, {
      headers: { ...auth(token), Data: JSON.stringify({ date: DAY1, time }) },
    }),
  );

/** A new activity on the template's first day, at a time. */
async function plan(
  request: APIRequestContext,
  token: string,
  rideId: number,
  place: typeof MARKET,
  time: string,
) {
  const made = await ok(
    await request.post(`/api/create_attraction_and_add_to_ride_api/${rideId}`, {
      headers: auth(token),
      data: { title: place.title, lat: place.lat, lng: place.lng, date: DAY1 },
    }),
  );
  const id = made.attractionId as number;
  await retime(request, token, rideId, id, time);
  return id;
}

/** The planner's private template with two activities, its key letting clients copy, and three clients' copies. */
async function setUp(request: APIRequestContext, lang: 'he' | 'en') {
  const planner = await login(request, PLANNER);
  const title = `${lang === 'he' ? 'טיול לקוחות' : 'Clients trip'} ${Date.now().toString(36)}`;
  const made = await ok(
    await request.post('/api/add_ride_api', {
      headers: { ...auth(planner), ...ownClientAddress() },
      data: {
        title,
        checkIn: '01-09-2031',
        checkOut: '03-09-2031',
        is_publick: false,
        is_subdomain: false,
        language: lang === 'he' ? 'hebrew' : 'english',
      },
    }),
  );
  const rideId = made.rideId as number;
  const market = await plan(request, planner, rideId, MARKET, '09:00:00 AM');
  await plan(request, planner, rideId, MUSEUM, '01:00:00 PM');

  const key = (
    (await ok(
      await request.post('/api/get_assigned_ride_key_full_information', {
        headers: auth(planner),
        data: { ride_id: rideId },
      }),
    )) as { rideKeyData: { rideKeyValue: string } }
  ).rideKeyData.rideKeyValue;
  await ok(
    await request.post('/api/update_assigned_ride_key_full_information', {
      headers: auth(planner),
      data: { ride_id: rideId, action: 'copy', authorizedUsersCount: 0 },
    }),
  );
  const names = lang === 'he' ? ['דנה', 'יוני', 'נועה'] : ['Dana', 'Yoni', 'Noa'];
  const clients = [];
  for (const name of names) {
    const client = await newUser(request, `push-client-${lang}`, name, { signIn: true });
    const joined = await ok(
      await request.post('/api/add_user_to_ride_privacy_api', {
        headers: auth(client.token),
        data: { rideKeyValue: key, subdomain: null },
      }),
    );
    expect(joined.newRideId).not.toBe(rideId);
    clients.push({ ...client, name, copyId: joined.newRideId as number });
  }
  // The third client moves the market to 10:30 in their copy; then the planner moves it to 08:00 in the template.
  await retime(request, clients[2]!.token, clients[2]!.copyId, market, '10:30:00 AM');
  await retime(request, planner, rideId, market, '08:00:00 AM');
  return { planner, rideId, title, clients };
}

const dialog = (page: Page, t: Dict) =>
  page.getByRole('dialog', { name: text(t, 'tripUpdates.copies.title') });

for (const lang of ['he', 'en'] as const) {
  test.describe(`a planner updates the clients' copies (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 90_000 });
    const t = locale(lang);

    test(`the planner pushes to three copies; the one who changed the same time sees it waiting${lang === 'en' ? ' @phone' : ''}`, async ({
      page,
      request,
    }) => {
      const s = await setUp(request, lang);
      const copyOf = (name: string) => text(t, 'tripUpdates.copies.copyOf', { name });
      await signInThroughApi(page, request, PLANNER);
      await page.goto(`/single_ride_with_map/${s.rideId}`);

      const panel = page.getByTestId('copies-panel');
      await expect(panel).toContainText(seen(plural(t, lang, 'tripUpdates.copies.summary', 3)));
      await shot(page, `push-panel-${lang}`, { fullPage: false });
      await panel.getByRole('button', { name: text(t, 'tripUpdates.copies.button', { count: 3 }) }).click();

      const list = dialog(page, t);
      await expect(list.getByTestId('copies-copy')).toHaveCount(3);
      for (const c of s.clients)
        await expect(
          list.getByRole('checkbox', { name: seen(`${copyOf(c.name)}: ${s.title}`) }),
        ).toBeChecked();
      // The third copy: the planner's update clashes with the client's own retime.
      const [dana, yoni, noa] = s.clients as [
        (typeof s.clients)[0],
        (typeof s.clients)[0],
        (typeof s.clients)[0],
      ];
      const third = list.getByTestId('copies-copy').filter({ hasText: seen(copyOf(noa.name)) });
      await expect(third).toContainText(
        seen(
          [
            plural(t, lang, 'tripUpdates.copies.updates', 1),
            plural(t, lang, 'tripUpdates.copies.conflicts', 1),
            plural(t, lang, 'tripUpdates.copies.own', 1),
          ].join(' · '),
        ),
      );
      await expect(third).toContainText(text(t, 'tripUpdates.copies.notifyOn'));
      await shot(page, `push-dialog-${lang}`, { fullPage: false });

      await list.getByRole('button', { name: text(t, 'tripUpdates.copies.push') }).click();
      const report = list.getByTestId('copies-report');
      for (const c of [dana, yoni])
        await expect(report).toContainText(
          seen(
            text(t, 'tripUpdates.copies.report.line', {
              copy: copyOf(c.name),
              what: plural(t, lang, 'tripUpdates.copies.report.taken', 1),
            }),
          ),
        );
      await expect(report).toContainText(
        seen(
          text(t, 'tripUpdates.copies.report.line', {
            copy: copyOf(noa.name),
            what: plural(t, lang, 'tripUpdates.copies.report.waiting', 1, { name: noa.name }),
          }),
        ),
      );
      await shot(page, `push-report-${lang}`, { fullPage: false });

      // Noa opens her copy: one update, the conflict with both times.
      await signInThroughApi(page, request, noa.email, noa.password);
      await page.goto(`/single_ride_with_map/${noa.copyId}`);
      const banner = page.getByTestId('updates-banner');
      await expect(banner).toContainText(seen(plural(t, lang, 'tripUpdates.banner.count', 1)));
      await banner.getByRole('button', { name: text(t, 'tripUpdates.banner.see') }).click();
      const preview = page.getByRole('dialog', { name: text(t, 'tripUpdates.preview.title') });
      const conflict = preview.getByTestId('updates-conflict');
      await expect(conflict).toHaveCount(1);
      await expect(conflict).toContainText(seen(text(t, 'tripUpdates.preview.theirs', { value: '08:00' })));
      await expect(conflict).toContainText(seen(text(t, 'tripUpdates.preview.ours', { value: '10:30' })));
      await shot(page, `push-client-conflict-${lang}`, { fullPage: false });
    });
  });
}
