import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  auth,
  EDITING_BASE_URL,
  locale,
  newUser,
  seen,
  shot,
  text,
  toast,
  type Dict,
} from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * "Suggest an order" for a day (issue 36 point 4, decisions 0072 and 0074): the owner of a trip whose first day zigzags
 * (set up through the API: the places of a seeded trip added in a bad order, none with a time) opens the day's menu,
 * asks for an order in the trip's mode (driving, the default), sees the minutes it saves and the day before and after
 * (lists and maps), applies it: the day's cards are in the new order; "undo" in the toast puts the old order back. In
 * Hebrew on a desktop (Tel Aviv and Jerusalem mixed up) and in English on a phone (Paris, across the Seine and back).
 */
test.use({ baseURL: EDITING_BASE_URL });

/** The zigzag day of each language: titles of a seeded trip's places, in the bad order they are added in. */
const ZIGZAG = {
  // Trip 1 (Hebrew): Tel Aviv and Jerusalem, an hour apart by car, in turn.
  he: {
    from: 1,
    titles: [/שוק הכרמל/, /מגדל דוד/, /יפו העתיקה/, /הכותל/, /שדרות רוטשילד/],
  },
  // Trip 72 (English): the Eiffel Tower and the Trocadéro face each other; Notre-Dame and the Sainte-Chapelle too.
  en: {
    from: 72,
    titles: [/Eiffel Tower/, /Notre-Dame/, /Trocadéro/, /Sainte-Chapelle/],
  },
} as const;

type Place = { id: number; title: string };

/** Every activity of a trip, through its own read. */
async function placesOf(request: APIRequestContext, rideId: number): Promise<Place[]> {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { attractionsByDay: { daily_attractions: Place[] }[] };
  return body.attractionsByDay.flatMap((d) => d.daily_attractions);
}

/** A new public trip of two days whose first day has these places, added (so untimed) in this order. */
async function zigzagTrip(request: APIRequestContext, token: string, lang: 'he' | 'en'): Promise<Place[]> {
  const { from, titles } = ZIGZAG[lang];
  const seeded = await placesOf(request, from);
  const places = titles.map((title) => {
    const place = seeded.find((p) => title.test(p.title));
    if (!place) throw new Error(`trip ${from} has no ${String(title)}`);
    return place;
  });
  const made = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: {
      title: `Day order ${lang} ${Date.now().toString(36)}`,
      checkIn: '10-05-2027',
      checkOut: '11-05-2027',
      is_publick: true,
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const rideId = ((await made.json()) as { rideId: number }).rideId;
  for (const place of places) {
    const res = await request.post(`/api/add_attraction_to_ride_api/${rideId}/${place.id}`, {
      headers: auth(token),
      data: { date: '5/10/2027' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return Object.assign(places, { rideId });
}

/** The titles of the first day's cards, top to bottom. */
const cardTitles = (page: Page) =>
  page
    .locator('#trip-day-1 article[aria-labelledby^="attraction-title-"]')
    .evaluateAll((cards) =>
      cards.map(
        (c) =>
          document
            .getElementById(c.getAttribute('aria-labelledby') ?? '')
            ?.lastElementChild?.textContent?.trim() ?? '',
      ),
    );

/** The stops a panel of the dialog lists, in order. */
const listed = (panel: Locator) => panel.getByTestId('day-order-stop').locator('bdi').allInnerTexts();

/** "Saves 42 min of driving" as a pattern: any time in the mode's words. */
function savesPattern(t: Dict): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const unit = (key: string, name: string) =>
    escape(
      text(t, key, { [name]: '#' })
        .replace('#', '')
        .trim(),
    );
  const time = `(?:\\d+ ${unit('legs.duration.hours', 'hours')} )?(?:\\d+ ${unit('legs.duration.minutes', 'minutes')}|\\d+ ${unit('legs.duration.hours', 'hours')})`;
  return new RegExp(escape(text(t, 'legs.order.saves.drive', { duration: '#' })).replace('#', time));
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`a better order for a day (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);

    test('the owner asks for an order, sees the minutes saved, applies it, and undoes it @phone', async ({
      page,
      request,
    }) => {
      const owner = await newUser(request, `order-${lang}`, 'Owner', { signIn: true });
      const places = await zigzagTrip(request, owner.token, lang);
      const rideId = (places as Place[] & { rideId: number }).rideId;
      const before = places.map((p) => p.title);
      await signInThroughApi(page, request, owner.email, owner.password);
      await page.goto(`/single_ride_with_map/${rideId}`);
      await expect.poll(() => cardTitles(page)).toEqual(before);

      // The day's menu offers it (the day has more than two activities).
      await page
        .getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: 1 }), exact: true })
        .click();
      await expect(page.getByRole('menuitem', { name: text(t, 'tripEditing.suggestOrder') })).toBeVisible();
      if (process.env.SHOTS_DIR) {
        // The menu fades in: its picture once it is all there.
        await expect
          .poll(() => page.getByRole('menu').evaluate((el) => getComputedStyle(el).opacity))
          .toBe('1');
        await shot(page, `day-order-menu-${lang}`, { fullPage: false });
      }
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.suggestOrder') }).click();
      const dialog = page.getByRole('dialog', { name: text(t, 'legs.order.title', { number: 1 }) });
      await expect(dialog.getByTestId('day-order-saved')).toHaveText(savesPattern(t));
      // Before and after: the same stops, the current order and another, each with its map.
      const now = dialog.getByTestId('day-order-before');
      const after = dialog.getByTestId('day-order-after');
      await expect(
        now.getByRole('region', { name: text(t, 'legs.order.mapNow', { number: 1 }) }),
      ).toBeVisible();
      await expect(
        after.getByRole('region', { name: text(t, 'legs.order.mapSuggested', { number: 1 }) }),
      ).toBeVisible();
      expect(await listed(now)).toEqual(before);
      const suggested = await listed(after);
      expect([...suggested].sort()).toEqual([...before].sort());
      expect(suggested).not.toEqual(before);
      // The places that were apart are together now.
      const pairs =
        lang === 'he'
          ? [
              [0, 2, 4],
              [1, 3],
            ]
          : [
              [0, 2],
              [1, 3],
            ];
      for (const group of pairs) {
        const at = group.map((i) => suggested.indexOf(before[i]!)).sort((a, b) => a - b);
        expect(at[at.length - 1]! - at[0]!, `${group.map((i) => before[i]).join(', ')} in a row`).toBe(
          group.length - 1,
        );
      }
      // Each map has a pin per stop (the route's distance labels are in a pane of their own).
      for (const panel of [now, after])
        await expect(panel.locator('.leaflet-marker-pane .leaflet-marker-icon')).toHaveCount(before.length);
      await shot(page, `day-order-dialog-${lang}`, { fullPage: false });

      // Applied: the day's cards in the new order, and a toast that can undo it.
      await dialog.getByRole('button', { name: text(t, 'legs.order.apply') }).click();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => cardTitles(page)).toEqual(suggested);
      const applied = toast(page, text(t, 'legs.order.applied', { number: 1 }));
      await expect(applied).toBeVisible();
      await shot(page, `day-order-applied-${lang}`, { fullPage: false });

      // Undone: the old order back.
      await applied.getByRole('button', { name: text(t, 'tripEditing.undo') }).click();
      await expect(toast(page, text(t, 'legs.order.undone', { number: 1 }))).toBeVisible();
      await expect.poll(() => cardTitles(page)).toEqual(before);
      // And as the server keeps it.
      expect((await placesOf(request, rideId)).map((p) => p.title)).toEqual(before);

      // Asked again for the order just applied and undone, it is still a better one; asked for the suggested one, none.
      await page
        .getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: 1 }), exact: true })
        .click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.suggestOrder') }).click();
      await expect(dialog.getByTestId('day-order-saved')).toHaveText(savesPattern(t));
      await dialog.getByRole('button', { name: text(t, 'legs.order.apply') }).click();
      await expect.poll(() => cardTitles(page)).toEqual(suggested);
      await page
        .getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: 1 }), exact: true })
        .click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.suggestOrder') }).click();
      await expect(dialog.getByTestId('day-order-saved')).toHaveText(seen(text(t, 'legs.order.best')));
      await expect(dialog.getByTestId('day-order-after')).toHaveCount(0);
      await shot(page, `day-order-best-${lang}`, { fullPage: false });
    });
  });
}
