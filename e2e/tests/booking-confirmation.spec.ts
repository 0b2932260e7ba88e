import { shot } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Issue 30 point 8: a stay's confirmation number is on the trip page for those who may read it (the trip's author;
 * the server withholds it from everyone else: the contract's mayReadBookings). Demo trips 233 (English) and 843 (Hebrew)
 * are the demo traveller's public trips with their nights booked. English on a desktop, Hebrew on a phone (the
 * projects pair them the other way round for @phone scenarios, so the phone's width is set here).
 */
const AUTHOR = 'traveller@demo.rides.local';
/** The demo traveller's public trips in each language, the stay of their first nights and its booking's number. */
const BOOKED = {
  en: { trip: 233, stay: 'Pulitzer Amsterdam', number: 'PUL-7HK2Q9' },
  he: { trip: 843, stay: 'פינה בראש', number: 'PB-2704-5531' },
};

for (const lang of ['en', 'he'] as const) {
  test.describe(`booking confirmation on the trip page (${lang})`, () => {
    test.use({
      lang,
      ...(lang === 'he' ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    });

    test('a visitor does not see the stay’s confirmation number, its author does', async ({
      page,
      request,
    }) => {
      const { trip, stay: name, number } = BOOKED[lang];
      await page.goto(`/single_ride_with_map/${trip}`);
      // The booked stay of the first nights, as a visitor reads it: its card, without the number.
      const stay = page.getByRole('region', { name: new RegExp(name) }).first();
      await expect(stay).toBeVisible();
      await expect(stay.getByRole('heading', { name })).toBeVisible();
      await expect(page.getByTestId('booking-confirmation')).toHaveCount(0);
      await expect(page.getByText(number)).toHaveCount(0);

      await signInThroughApi(page, request, AUTHOR);
      await page.goto(`/single_ride_with_map/${trip}`);
      const first = stay.getByTestId('booking-confirmation');
      await first.scrollIntoViewIfNeeded();
      await expect(first).toBeVisible();
      await expect(first).toHaveText(`${lang === 'he' ? 'אישור הזמנה' : 'Booking confirmation'}: ${number}`);
      await shot(page, `booking-confirmation-${lang}`);
    });
  });
}
