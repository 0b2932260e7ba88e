import type { Page } from '@playwright/test';
import { FAKE_BOOKING_AID } from '../support/fake-booking-widget.js';
import { locale, shot, text } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';

/**
 * /booking, the booking partner's hotel map (000 §2, issue 6), in Hebrew and English: opened from a stay of the
 * bookings checklist, the partner's widget (support/fake-booking-widget.ts, a local stand-in for Booking.com's
 * script, allowed by the real content security policy) gets the stay's latitude, longitude, check-in and check-out,
 * the trip's affiliate id or else the site's, and the page's language. When the script cannot load, or the reader is
 * offline, the page says so, and the map comes back by itself once online. A link without a place says so too.
 * Trip 1 (Hebrew, dates past: a visitor sees none) carries the demo booking mapping; trip 72 (English) has none.
 */
/** The fields of ride_accommodations_api's stays this spec reads (the wire's spellings). */
interface Stay {
  name: string;
  latitude: number;
  longtitude: number;
  cuntry_and_city: string | null;
  check_in_date: string | null;
  check_out_date: string | null;
  hotelAffiliate: { aid: string } | null;
}

const partnerFrame = (page: Page) => page.frameLocator('[data-testid="partner-map"] iframe');
const asked = (page: Page, key: string) => partnerFrame(page).locator(`dd[data-key="${key}"]`);
const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);
const iso = (wire: string | null) => (wire ? wire.split('-').reverse().join('-') : null);

for (const lang of ['he', 'en'] as const) {
  test.describe(`the partner hotel map (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);
    const TRIP = lang === 'he' ? 1 : 72;

    test('a stay of the checklist opens the partner map with its place, dates and affiliate id @phone', async ({ page, request }) => {
      const res = await request.get(`/api/ride_accommodations_api/${TRIP}`);
      expect(res.ok()).toBe(true);
      const list = (await res.json()) as { baseRide: Stay[]; ride: Stay[] };
      const stay = [...list.baseRide, ...list.ride][0] as Stay;

      await page.goto(`/ride_checklist/${TRIP}`);
      await page
        .getByTestId('checklist-card')
        .first()
        .getByRole('link', { name: text(t, 'accommodations.hotelMapLabel', { name: stay.name }) })
        .click();
      await expect(page).toHaveURL(/\/booking\?lat=/);
      await expect(page.getByRole('heading', { level: 1, name: text(t, 'hotelSearch.partnerMapTitle') })).toBeVisible();
      await expect(page.getByRole('link', { name: text(t, 'hotelSearch.backToTrip') })).toHaveAttribute('href', `/single_ride_with_map/${TRIP}`);

      await expect(asked(page, 'latitude')).toHaveText(fixed(stay.latitude));
      await expect(asked(page, 'longitude')).toHaveText(fixed(stay.longtitude));
      await expect(asked(page, 'prod')).toHaveText('map');
      await expect(asked(page, 'lang')).toHaveText(lang === 'he' ? 'he' : 'en-gb');
      await expect(asked(page, 'aid')).toHaveText(stay.hotelAffiliate?.aid ?? FAKE_BOOKING_AID);
      if (lang === 'he') expect(stay.hotelAffiliate?.aid, 'trip 1 carries the demo booking mapping').toBe('demo-aid');
      const checkIn = iso(stay.check_in_date);
      if (checkIn) {
        await expect(asked(page, 'checkin')).toHaveText(checkIn);
        await expect(asked(page, 'checkout')).toHaveText(iso(stay.check_out_date) as string);
        await expect(page.getByTestId('partner-map-lead')).toContainText(checkIn.split('-').reverse().join('/'));
      } else {
        await expect(asked(page, 'checkin')).toHaveCount(0);
        await expect(page.getByTestId('partner-map-lead')).toHaveText(text(t, 'hotelSearch.partnerMapNoDates', { place: stay.cuntry_and_city ?? stay.name }));
      }
      if (lang === 'en') expect(checkIn, "trip 72's dates are ahead: a visitor sees them").not.toBeNull();
      await shot(page, `partner-map-${lang}`);

      // Our own list of hotels nearby is a click away.
      await page.getByRole('link', { name: text(t, 'hotelSearch.partnerMapOurList') }).click();
      await expect(page).toHaveURL(new RegExp(`/search_accommodations\\?lat=${fixed(stay.latitude)}&lng=${fixed(stay.longtitude)}`));
    });

    test('the script does not load, then the reader is offline: a notice each time, and the map once back online', async ({ page, context }) => {
      await page.route('**/flexiproduct.js', (route) => route.abort('internetdisconnected'));
      await page.goto('/booking?lat=41.90278&lng=12.49637&checkin=2027-05-10&checkout=2027-05-12&place=Rome');
      await expect(page.getByRole('alert').filter({ hasText: text(t, 'hotelSearch.partnerMapFailed') })).toBeVisible();
      await expect(page.getByTestId('partner-map')).toBeHidden();

      await page.unroute('**/flexiproduct.js');
      await context.setOffline(true);
      await page.getByRole('button', { name: text(t, 'hotelSearch.partnerMapRetry') }).click();
      await expect(page.getByRole('alert').filter({ hasText: text(t, 'hotelSearch.partnerMapOffline') })).toBeVisible();
      await shot(page, `partner-map-offline-${lang}`);

      await context.setOffline(false);
      await expect(asked(page, 'checkin')).toHaveText('2027-05-10');
      await expect(asked(page, 'checkout')).toHaveText('2027-05-12');
      await expect(page.getByTestId('partner-map-notice')).toHaveCount(0);
    });

    test('a link without a place says so and offers the hotel search', async ({ page }) => {
      await page.goto('/booking?lat=abc&lng=200');
      await expect(page.getByRole('alert').filter({ hasText: text(t, 'hotelSearch.partnerMapBadPlace') })).toBeVisible();
      await page.getByRole('alert').getByRole('link', { name: text(t, 'hotelSearch.title') }).click();
      await expect(page).toHaveURL(/\/search_accommodations$/);
    });
  });
}
