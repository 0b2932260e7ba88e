import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { auth, EDITING_BASE_URL, locale, newUser, shot, text } from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * The day's warnings on the trip page (issue 36 point 3, "Done when"): a trip in Jerusalem from Wednesday 27 September
 * 2028, whose day 4 (Saturday 30 September) is Yom Kippur, with the market planned that morning, and whose museum,
 * open Tuesday to Sunday, is planned on day 6, a Monday. Both warnings show on their cards, each saying what to do, and
 * each day's header counts its own; moving the museum to Tuesday takes its warning away without a reload (the warnings
 * are read again with the trip). Made through the API on the editing server; Hebrew on a desktop (the owner, signed
 * in), English on a phone (a reader who is not signed in: warnings are for every reader of the trip).
 */
test.use({ baseURL: EDITING_BASE_URL });

const MARKET = { title: 'Mahane Yehuda Market', lat: 31.7849, lng: 35.2124, hours: 'Su-Th 08:00-19:00; Fr 08:00-15:00' };
const MUSEUM = { title: 'Museum of the City', lat: 31.7767, lng: 35.2283, hours: 'Tu-Su 10:00-17:00' };

/** A new activity on the trip, with its hours, at a day and time (M/D/YYYY, hh:mm:ss A). */
async function plan(
  request: APIRequestContext,
  token: string,
  rideId: number,
  place: typeof MARKET,
  date: string,
  time: string,
): Promise<number> {
  const made = await request.post(`/api/create_attraction_and_add_to_ride_api/${rideId}`, {
    headers: auth(token),
    data: { title: place.title, lat: place.lat, lng: place.lng, osmOpeningHours: place.hours, date },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const id = ((await made.json()) as { attractionId: number }).attractionId;
  await retime(request, token, rideId, id, date, time);
  return id;
}

async function retime(request: APIRequestContext, token: string, rideId: number, id: number, date: string, time: string) {
  const res = await request.get(`/api/update_attraction_ride_time_api/${rideId}/${id}`, {
    headers: { ...auth(token), Data: JSON.stringify({ date, time }) },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const checksRead = (page: Page, rideId: number) =>
  page.waitForResponse((r) => r.url().includes(`/api/trips/${rideId}/checks?mode=`) && r.ok());

const card = (page: Page, title: string) => page.getByRole('article', { name: new RegExp(`: ${title}$`) });

const showAt = (element: Locator) =>
  element.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));

for (const lang of ['he', 'en'] as const) {
  test.describe(`the day's warnings (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 90_000 });
    const t = locale(lang);
    const occasion = text(t, 'checks.occasions.yom_kippur');

    test(`Yom Kippur on day 4 and a museum closed on Mondays, each on its card with what to do${lang === 'en' ? ' @phone' : ''}`, async ({
      page,
      request,
    }) => {
      const owner = await newUser(request, `checks-${lang}`, 'Owner', { signIn: true });
      const made = await request.post('/api/add_ride_api', {
        headers: auth(owner.token),
        data: {
          title: `Days that work ${lang} ${Date.now().toString(36)}`,
          checkIn: '27-09-2028',
          checkOut: '03-10-2028',
          language: lang === 'he' ? 'hebrew' : 'english',
        },
      });
      expect(made.ok(), await made.text()).toBe(true);
      const rideId = ((await made.json()) as { rideId: number }).rideId;
      await plan(request, owner.token, rideId, MARKET, '9/30/2028', '10:00:00 AM');
      const museum = await plan(request, owner.token, rideId, MUSEUM, '10/2/2028', '11:00:00 AM');
      if (lang === 'he') await signInThroughApi(page, request, owner.email, owner.password);

      const read = checksRead(page, rideId);
      await page.goto(`/single_ride_with_map/${rideId}`);
      await read;

      // Day 4: Yom Kippur, on the market's card, with the advice; the day's header counts one thing to check.
      const day4 = page.locator('#trip-day-4');
      const holiday = card(page, MARKET.title).getByTestId('check-warning');
      await expect(holiday).toHaveAttribute('data-code', 'closed_on_holiday');
      await expect(holiday).toContainText(occasion);
      await expect(holiday).toContainText(text(t, 'checks.holiday.advice'));
      await expect(day4.getByTestId('day-checks-count')).toHaveText(text(t, 'checks.count_one', { count: 1 }));
      await showAt(day4);
      await shot(page, `checks-yom-kippur-${lang}`, { fullPage: false });

      // Day 6, a Monday: the museum is closed at 11:00 and opens on Tuesday at 10:00.
      const day6 = page.locator('#trip-day-6');
      const closed = card(page, MUSEUM.title).getByTestId('check-warning');
      await expect(closed).toHaveAttribute('data-code', 'closed_at_planned_time');
      await expect(closed).toContainText('11:00');
      await expect(closed).toContainText('10:00');
      await expect(closed).toContainText(text(t, 'checks.closedAt.advice'));
      await expect(day6.getByTestId('day-checks-count')).toBeVisible();
      // The other days have nothing to check.
      for (const n of [1, 2, 3, 5, 7]) await expect(page.locator(`#trip-day-${n}`).getByTestId('day-checks-count')).toHaveCount(0);
      await showAt(day6);
      await shot(page, `checks-closed-monday-${lang}`, { fullPage: false });

      // The owner moves the museum to Tuesday: its warning goes, without a reload; Yom Kippur's stays.
      const again = checksRead(page, rideId);
      await retime(request, owner.token, rideId, museum, '10/3/2028', '11:00:00 AM');
      await again;
      await expect(card(page, MUSEUM.title).getByTestId('check-warning')).toHaveCount(0);
      await expect(page.getByTestId('check-warning')).toHaveCount(1);
      await expect(holiday).toContainText(occasion);
    });
  });
}
