import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { locale, shot as fullShot, text } from '../support/editing.js';

/**
 * Issue 6, the hotel search (001 §2 /search_accommodations, /search_accommodations_by_name/{name}), in Hebrew and
 * English at 1280 and 390: the hotels of the demo trips near a place, as a list and on the map, each with "view the
 * trip", "more hotels nearby" and (where the trip has a partner mapping) the booking link; "back to trip" when opened
 * from one; a typed name found through the place lookup. Read-only: the default server. SHOTS_DIR=<dir> for screenshots.
 */
const shot = (page: Page, name: string) => fullShot(page, name, { fullPage: false });

/** The first stay of a demo trip: where to search. */
async function firstStay(request: APIRequestContext, rideId: number) {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`);
  expect(res.ok()).toBe(true);
  const trip = (await res.json()) as { attractionsByDay: { accommodation: Stay | null; base_trip_accommodation: Stay | null }[] };
  const stay = trip.attractionsByDay.map((d) => d.accommodation ?? d.base_trip_accommodation).find((a) => a !== null);
  expect(stay).toBeDefined();
  return stay as Stay;
}
interface Stay {
  id: number;
  name: string;
  latitude: number;
  longtitude: number;
  hotelAffiliate: unknown;
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`hotel search (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);
    const TRIP = lang === 'he' ? 843 : 72;

    test('hotels near a place, with the trip, the booking site and more nearby; back to the trip @phone', async ({ page, request }) => {
      const stay = await firstStay(request, TRIP);
      await page.goto(`/search_accommodations?lat=${stay.latitude}&lng=${stay.longtitude}&place=${encodeURIComponent(stay.name)}&rideId=${TRIP}`);
      await expect(page.getByRole('heading', { level: 1, name: text(t, 'hotelSearch.titleNear', { place: stay.name }) })).toBeVisible();
      const card = page.locator(`[data-hotel-id="${stay.id}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: text(t, 'hotelSearch.viewTrip') })).toHaveAttribute('href', `/single_ride_with_map/${TRIP}`);
      await expect(card.getByRole('link', { name: text(t, 'hotelSearch.moreNearLabel', { name: stay.name }) })).toHaveAttribute(
        'href',
        new RegExp(`^/search_accommodations\\?lat=[-\\d.]+&lng=[-\\d.]+&place=.+&rideId=${TRIP}$`),
      );
      const book = card.getByRole('link', { name: text(t, 'hotelSearch.bookLabel', { name: stay.name }) });
      if (stay.hotelAffiliate) {
        await expect(book).toHaveAttribute('href', /^https:\/\/www\.booking\.com\//);
        await expect(book).toHaveAttribute('rel', /sponsored/);
      } else await expect(book).toHaveCount(0);
      // The map: a numbered pin per hotel, named as in the list.
      await expect(page.getByRole('region', { name: text(t, 'hotelSearch.mapLabel') })).toBeVisible();
      await shot(page, `hotels-${lang}`);
      await page.getByRole('link', { name: text(t, 'hotelSearch.backToTrip') }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${TRIP}$`));
    });

    test('the checklist of a trip links each stay to the hotels near it, with the way back to the trip', async ({ page, request }) => {
      const stay = await firstStay(request, TRIP);
      await page.goto(`/ride_checklist/${TRIP}`);
      const link = page.getByRole('link', { name: text(t, 'accommodations.hotelsNearbyLabel', { name: stay.name }) }).first();
      await expect(link).toHaveAttribute('href', new RegExp(`^/search_accommodations\\?lat=[-\\d.]+&lng=[-\\d.]+&place=.+&rideId=${TRIP}$`));
      await link.click();
      await expect(page.locator(`[data-hotel-id="${stay.id}"]`)).toBeVisible();
      await expect(page.getByRole('link', { name: text(t, 'hotelSearch.backToTrip') })).toHaveAttribute('href', `/single_ride_with_map/${TRIP}`);
    });

    test('a typed name goes to the search by name, which finds the place and its hotels', async ({ page }) => {
      await page.goto('/search_accommodations');
      await expect(page.getByText(text(t, 'hotelSearch.pickPlace'))).toBeVisible();
      await page.getByRole('combobox', { name: text(t, 'hotelSearch.placeLabel') }).fill('Paris');
      await page.getByRole('button', { name: text(t, 'hotelSearch.search'), exact: true }).click();
      await expect(page).toHaveURL(/\/search_accommodations_by_name\/Paris$/);
      // The place as the lookup names it in the reader's language.
      await expect(page.getByRole('heading', { level: 1 })).toContainText(lang === 'he' ? 'פריז' : 'Paris');
      await expect(page.locator('[data-hotel-id]').first()).toBeVisible();
      await shot(page, `hotels-by-name-${lang}`);
    });
  });
}
