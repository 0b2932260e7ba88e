import type { APIRequestContext, Page } from '@playwright/test';
import { EDITING_PORT } from '../playwright.config.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { ownClientAddress } from '../support/session.js';
import { axe } from '../support/axe.js';
import { locale, text } from '../support/editing.js';

/**
 * Issue 5, the author's add-activity page and calendar view, in Hebrew and English, on a desktop and (@phone) a
 * phone. The author is a new account with its own copy of a demo trip, made through the API as the app makes it
 * (add_ride_to_user_api), then the page is signed in with that token. The trip page takes the trip's language
 * (000 §4), so each language edits a trip written in it: Hebrew, trip 843 (25 April to 4 May 2027: two month grids);
 * English, trip 72 (9 to 22 May 2027). The copies are public and searchable: these tests run on their own server
 * (playwright.config.ts, "editing"), so the specs that search the seeded trips never find them.
 */
test.use({ baseURL: `http://127.0.0.1:${EDITING_PORT}` });
const TRIPS = {
  he: { source: 843, start: '2027-04-25', before: '2027-04-24', third: '2027-04-27' },
  en: { source: 72, start: '2027-05-09', before: '2027-05-08', third: '2027-05-11' },
} as const;

async function authorWithOwnTrip(page: Page, request: APIRequestContext, source: number): Promise<number> {
  const email = uniqueEmail('calendar');
  const password = 'secret-123';
  const reg = await request.post('/api/register_new_user_api', {
    data: { email, password, userName: 'Calendar author' },
    headers: ownClientAddress(),
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const login = await request.post('/api/app_login', {
    data: { email, password },
    headers: ownClientAddress(),
  });
  const session = (await login.json()) as { token: string; userName: string; role?: string };
  const copy = await request.get(`/api/add_ride_to_user_api/${source}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(copy.ok(), await copy.text()).toBe(true);
  const { newRideId } = (await copy.json()) as { newRideId: number };
  await page.goto('/about');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userName', s.userName);
    if (s.role) localStorage.setItem('role', s.role);
  }, session);
  return newRideId;
}

async function seriousViolations(page: Page) {
  const result = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Drags with the mouse in small steps (FullCalendar starts a drag after a few pixels of movement). */
async function drag(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 5, a.y + a.height / 2 + 5, { steps: 3 });
  await to.scrollIntoViewIfNeeded();
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

const T = {
  he: {
    addTitle: 'הוספת פעילות לטיול',
    add: 'הוספה לטיול',
    added: 'הפעילות נוספה',
    seeOnTrip: 'לצפייה בטיול',
    calendar: 'לוח שנה',
    outside: 'היום הזה מחוץ לתאריכי הטיול.',
    moved: 'הועברה',
    time: 'שעה',
    save: 'שמירה',
    saved: 'נשמרה',
  },
  en: {
    addTitle: 'Add an activity to the trip',
    add: 'Add to trip',
    added: 'Activity added',
    seeOnTrip: 'See it on the trip',
    calendar: 'Calendar',
    outside: 'This day is outside the dates of the trip.',
    moved: 'was moved',
    time: 'Time',
    save: 'Save',
    saved: 'was saved',
  },
} as const;

for (const lang of ['he', 'en'] as const) {
  const t = T[lang];
  const trip = TRIPS[lang];
  test.describe(`trip editing: add activity and calendar (${lang})`, () => {
    test.use({ lang });
    // Each test makes an account and a trip copy, and runs axe on two or three screens: more than the default timeout
    // on a loaded machine.
    test.slow();

    test('an author adds an activity near a place from the add-activity page and sees it on the trip @phone', async ({
      page,
      request,
    }) => {
      const rideId = await authorWithOwnTrip(page, request, trip.source);
      // Amsterdam (the attractions of demo trip 233), for day 2 of the Paris trip.
      await page.goto(
        `/add_new_attraction_to_ride?rideId=${rideId}&day=2&lat=52.37309&lng=4.89245&place=Amsterdam`,
      );
      await expect(page.getByRole('heading', { level: 1, name: t.addTitle })).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(2);
      const first = page
        .locator('article[data-candidate]')
        .filter({ has: page.locator('button:enabled', { hasText: t.add }) })
        .first();
      await expect(first).toBeVisible();
      const title = (await first.getByRole('heading', { level: 3 }).innerText())
        .replace(/^\S+\s*/, '')
        .trim();
      expect(await seriousViolations(page), 'add-activity page').toEqual([]);
      const saved = page.waitForResponse((r) =>
        /add_attraction_to_ride_api|add_google_attraction_to_ride_api/.test(r.url()),
      );
      await first.locator('button', { hasText: t.add }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByRole('status').filter({ hasText: t.added })).toBeVisible();
      await page.getByRole('link', { name: t.seeOnTrip }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}`));
      await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();

      // Issue 30 point 6: Masada has a Hebrew and an English record (one place id). With one of them on the trip, the
      // page offers the place once, marked as on the trip, whichever language's record the search finds.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const auth = { authorization: `Bearer ${token}` };
      const found = await request.get(`/api/serch_attractions_by_location_api/${rideId}/31.3156/35.3536`, {
        headers: auth,
      });
      const masada = (
        (await found.json()) as { attractions: { id: number; title: string }[] }
      ).attractions.find((a) => /מצדה|Masada/.test(a.title));
      expect(masada, 'a Masada record near Masada').toBeDefined();
      const put = await request.post(`/api/add_attraction_to_ride_api/${rideId}/${masada!.id}`, {
        headers: auth,
        form: { date: trip.start },
      });
      expect(put.ok(), await put.text()).toBe(true);
      await page.goto(
        `/add_new_attraction_to_ride?rideId=${rideId}&day=1&lat=31.3156&lng=35.3536&place=Masada&source=trips`,
      );
      const L = locale(lang);
      const masadaCards = page
        .locator('article[data-candidate]')
        .filter({ has: page.getByRole('heading', { level: 3, name: /מצדה|Masada/ }) });
      await expect(masadaCards).toHaveCount(1);
      await expect(masadaCards.getByText(text(L, 'addActivity.inTrip'))).toBeVisible();
      await expect(
        masadaCards.getByRole('button', {
          name: new RegExp(text(L, 'addActivity.addToDay', { title: '.*', number: 1 })),
        }),
      ).toBeDisabled();
    });

    test('the two category cards choose where results come from, and a pin of the map asks to add its place', async ({
      page,
      request,
    }) => {
      const L = locale(lang);
      const rideId = await authorWithOwnTrip(page, request, trip.source);
      await page.goto(
        `/add_new_attraction_to_ride?rideId=${rideId}&day=2&lat=52.37309&lng=4.89245&place=Amsterdam`,
      );
      // No maps service is connected on the test servers: the card names our directory, never "the maps service".
      const maps = page.getByRole('radio', { name: new RegExp(text(L, 'addActivity.fromMapsCard.local')) });
      const trips = page.getByRole('radio', { name: new RegExp(text(L, 'addActivity.fromTripsCard')) });
      // 000 §2: the maps service's card first, and chosen; restaurants are a switch of that card.
      await expect(maps).toBeChecked();
      await expect(page.getByRole('switch', { name: text(L, 'addActivity.restaurantsOnly') })).toBeVisible();
      const cards = page.locator('article[data-candidate]');
      await expect(cards.first()).toBeVisible();
      await trips.click();
      await expect(trips).toBeChecked();
      await expect(page).toHaveURL(/[?&]source=trips/);
      await expect(page.getByRole('switch', { name: text(L, 'addActivity.restaurantsOnly') })).toHaveCount(0);
      await expect(cards.first()).toBeVisible();
      // Every result of this card comes from other trips.
      await expect(cards.filter({ hasText: text(L, 'addActivity.from.google') })).toHaveCount(0);
      await expect(cards.filter({ hasText: text(L, 'addActivity.from.trips') }).first()).toBeVisible();

      // A pin (a place with a place id, or ours): the add-point confirmation (000 §2, §5), then the place is on the day.
      await maps.click();
      await expect(maps).toBeChecked();
      await expect(page).not.toHaveURL(/source=trips/);
      // Without a maps service the results say where they truly come from (issue 30 point 6).
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasText: text(L, 'addActivity.from.google') })).toHaveCount(0);
      const first = cards.filter({ has: page.locator('button:enabled', { hasText: t.add }) }).first();
      await expect(first).toBeVisible();
      const title = (await first.getByRole('heading', { level: 3 }).innerText())
        .replace(/^\S+\s*/, '')
        .trim();
      const pin = page.getByRole('button', {
        name: new RegExp(`^\\d+\\. ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      });
      await pin.scrollIntoViewIfNeeded();
      await pin.click();
      const dialog = page.getByRole('dialog', { name: text(L, 'addActivity.addPoint.title') });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(title);
      const saved = page.waitForResponse((r) =>
        /add_attraction_to_ride_api|add_google_attraction_to_ride_api/.test(r.url()),
      );
      await dialog.getByRole('button', { name: text(L, 'addActivity.addPoint.confirm') }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: t.added })).toBeVisible();
      // The same pin again: the place is in the trip now, nothing to confirm.
      await pin.click();
      await expect(dialog).toContainText(text(L, 'addActivity.addPoint.inTrip'));
      await expect(dialog.getByRole('button', { name: text(L, 'addActivity.addPoint.confirm') })).toHaveCount(
        0,
      );
    });

    test('an author drags an activity to another day keeping its time, a drag outside the trip reverts, clears and sets a time, and sees it on the card @phone', async ({ page, request }) => {
      const rideId = await authorWithOwnTrip(page, request, trip.source);
      await page.goto(`/single_ride_with_map/${rideId}`);
      await page.getByRole('link', { name: t.calendar }).click();
      await expect(page).toHaveURL(new RegExp(`/ride_calendar/${rideId}`));
      const day = (iso: string) => page.locator(`td.fc-daygrid-day[data-date="${iso}"]`);
      const event = (iso: string, title: string) => day(iso).locator('.fc-event', { hasText: title });
      const firstEvent = day(trip.start).locator('.fc-event').filter({ hasNotText: /booked|מוזמן/ }).first();
      await expect(firstEvent).toBeVisible();
      const title = (await firstEvent.locator('bdi').last().innerText()).trim();
      // The demo's first activity has a time (the calendar shows it before the title).
      const clock = (await firstEvent.locator('bdi').first().innerText()).trim();
      expect(clock).toMatch(/^\d{2}:\d{2}$/);
      expect(await seriousViolations(page), 'calendar page').toEqual([]);

      if (test.info().project.name === 'phone') {
        // A phone: three days from the trip's first day (decision 0043), nothing before the trip to drop on.
        await expect(page.locator('td.fc-daygrid-day')).toHaveCount(3);
        await expect(page.locator('td.fc-daygrid-day').first()).toHaveAttribute('data-date', trip.start);
        await expect(day(trip.before)).toHaveCount(0);
      } else {
        // Outside the trip (the day before it starts): reverted, with the message.
        await drag(page, firstEvent, day(trip.before));
        await expect(page.getByRole('alert').filter({ hasText: t.outside })).toBeVisible();
        await expect(event(trip.start, title)).toBeVisible();
        await expect(day(trip.before).locator('.fc-event')).toHaveCount(0);
      }

      // Inside: to the third day, saved with its time, and both still there after a reload.
      const target = trip.third;
      const saved = page.waitForResponse((r) => r.url().includes('update_attraction_ride_time_api'));
      await drag(page, event(trip.start, title), day(target));
      expect((await saved).status()).toBe(200);
      await expect(event(target, title)).toBeVisible();
      await page.reload();
      await expect(event(target, title)).toContainText(clock);
      await expect(event(trip.start, title)).toHaveCount(0);

      // The clock: the time cleared ("no time"), then dragged back: still no time, never 00:00.
      const dialog = page.getByRole('dialog');
      await event(target, title).click();
      await dialog.getByLabel(t.time).fill('');
      const cleared = page.waitForResponse((r) => r.url().includes('update_attraction_ride_time_api'));
      await dialog.getByRole('button', { name: t.save }).click();
      expect((await cleared).status()).toBe(200);
      await expect(dialog).toBeHidden();
      await expect(event(target, title).locator('bdi')).toHaveCount(1);
      const back = page.waitForResponse((r) => r.url().includes('update_attraction_ride_time_api'));
      await drag(page, event(target, title), day(trip.start));
      expect((await back).status()).toBe(200);
      await page.reload();
      await expect(event(trip.start, title)).toBeVisible();
      await expect(event(trip.start, title).locator('bdi')).toHaveCount(1);
      await expect(event(trip.start, title)).not.toContainText('00:00');

      // A time for it, kept after a reload.
      await event(trip.start, title).click();
      await dialog.getByLabel(t.time).fill('10:15');
      expect(await seriousViolations(page), 'time dialog').toEqual([]);
      const timed = page.waitForResponse((r) => r.url().includes('update_attraction_ride_time_api'));
      await dialog.getByRole('button', { name: t.save }).click();
      expect((await timed).status()).toBe(200);
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(event(trip.start, title)).toContainText('10:15');

      // A click on a day of the trip opens the add-activity page for that day (day 3).
      // At the cell's foot, below its events: its top is a stay's bar on a phone (no day number row there).
      const frame = day(target).locator('.fc-daygrid-day-frame');
      const box = (await frame.boundingBox())!;
      await frame.click({ position: { x: 10, y: box.height - 4 } });
      await expect(page).toHaveURL(new RegExp(`/add_new_attraction_to_ride\\?rideId=${rideId}&day=3`));

      // The trip page's card shows the time; a place without a photo has a compact card (no grey image block).
      await page.goto(`/single_ride_with_map/${rideId}`);
      const card = page.locator('article').filter({ has: page.locator('h4', { hasText: title }) });
      await expect(card.getByTestId('activity-time').locator('bdi')).toHaveText('10:15');
      await expect(card.locator('img')).toHaveCount(0);
    });
  });
}

// A Hebrew phone (the phone project runs the English describe above): the calendar is three days at a time from the
// trip's first day, paged with the arrows and only within the trip (decision 0043). On the desktop project, with a
// phone's screen.
test.describe('trip calendar on a Hebrew phone', () => {
  test.use({ lang: 'he', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.slow();

  test('three days from the first day of the trip, paged within the trip', async ({ page, request }) => {
    const trip = TRIPS.he;
    const rideId = await authorWithOwnTrip(page, request, trip.source);
    await page.goto(`/ride_calendar/${rideId}`);
    const days = page.locator('td.fc-daygrid-day');
    await expect(days).toHaveCount(3);
    await expect(days.first()).toHaveAttribute('data-date', trip.start);
    await expect(days.nth(2)).toHaveAttribute('data-date', trip.third);
    await expect(days.first().locator('.fc-event').first()).toBeVisible();
    // Nothing before the trip: the "previous" arrow is off on its first day; "next" shows the following three days.
    await expect(page.locator('.fc-prev-button')).toBeDisabled();
    await page.locator('.fc-next-button').click();
    await expect(days.first()).toHaveAttribute('data-date', '2027-04-28');
    await page.locator('.fc-prev-button').click();
    await expect(days.first()).toHaveAttribute('data-date', trip.start);
    expect(await seriousViolations(page), 'phone calendar').toEqual([]);
  });
});
