import type { Route } from '@playwright/test';
import sharp from 'sharp';
import { auth, copyOf, EDITING_BASE_URL, locale, newUser, shot, text } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Issue 6 (decision 0018), in Hebrew and English: a traveller's copy of a trip, its checklist (the original trip's
 * suggestions, "find accommodation"), the edit page filled from the suggestion, every problem listed with the form
 * intact (a 41-character confirmation, no name, dates outside the trip, a double booking), a photo uploaded with its
 * progress in percent, the stay on the trip page and "booking is registered" in the checklist, then edited and deleted.
 * Copies are public and searchable: the editing server. SHOTS_DIR=<dir> writes screenshots (he/en x 1280/390).
 */
test.use({ baseURL: EDITING_BASE_URL });

/** A photo made here with sharp (no image file is kept in the repository for it). */
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 140, b: 190 } } })
    .jpeg()
    .toBuffer();

for (const lang of ['he', 'en'] as const) {
  test.describe(`accommodations (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 150_000 });
    const t = locale(lang);
    const TRIP = lang === 'he' ? 843 : 72;

    test('book in place of a suggestion with a photo, every problem listed with the form intact, edit, delete @phone', async ({
      page,
      request,
    }) => {
      const user = await newUser(request, `stay-${lang}`, 'Sleeper');
      const rideId = await copyOf(request, user.token, TRIP);
      await signInThroughApi(page, request, user.email, user.password);

      // The checklist: the original trip's suggestions, each with "find accommodation"; no bookings yet.
      await page.goto(`/ride_checklist/${rideId}`);
      await expect(
        page.getByRole('heading', { name: text(t, 'accommodations.baseRideGroup') }),
      ).toBeVisible();
      await expect(page.getByText(text(t, 'accommodations.noBookings'))).toBeVisible();
      await shot(page, `checklist-${lang}`);
      const firstCard = page.getByTestId('checklist-card').first();
      const suggestionName = (await firstCard.getByRole('heading').textContent()) ?? '';
      await firstCard.getByRole('link', { name: text(t, 'accommodations.findAccommodation') }).click();

      // The edit page, filled from the suggestion.
      await expect(
        page.getByRole('heading', { name: text(t, 'accommodations.editTitle'), level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('recommended-stay')).toContainText(suggestionName);
      const name = page.getByRole('textbox', { name: text(t, 'accommodations.name') });
      await expect(name).toHaveValue(suggestionName);
      const checkIn = page.getByLabel(text(t, 'accommodations.checkIn'));
      const checkOut = page.getByLabel(text(t, 'accommodations.checkOut'));
      const inValue = await checkIn.inputValue();
      const outValue = await checkOut.inputValue();
      expect(inValue).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      // No name and a 41-character confirmation: both listed, every other value kept.
      const booking = page.getByRole('textbox', { name: text(t, 'accommodations.bookingConfirmation') });
      await name.fill('');
      await booking.fill('X'.repeat(41));
      await page.getByRole('button', { name: text(t, 'accommodations.save') }).click();
      const problems = page.getByTestId('accommodation-problems');
      await expect(problems).toContainText(text(t, 'accommodations.fixFields'));
      await expect(problems).toContainText(text(t, 'accommodation_name_required'));
      await expect(problems).toContainText(text(t, 'booking_confirmation_too_long'));
      await expect(booking).toHaveValue('X'.repeat(41));
      await expect(checkIn).toHaveValue(inValue);
      await shot(page, `problems-${lang}`);

      // Dates outside the trip.
      await name.fill('Hotel Playwright');
      await booking.fill('PW-12345');
      await checkIn.fill('2000-01-01');
      await checkOut.fill('2000-01-03');
      await page.getByRole('button', { name: text(t, 'accommodations.save') }).click();
      await expect(problems).toContainText(text(t, 'date_are_not_in_range'));
      await expect(name).toHaveValue('Hotel Playwright');
      await checkIn.fill(inValue);
      await checkOut.fill(outValue);

      // The photo: its progress in percent is seen (the upload is held until it is), then the preview.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/upload_image_api', async (route: Route) => {
        await held;
        await route.continue();
      });
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      await expect(page.getByTestId('upload-percent')).toHaveText(/\d{1,3}%/);
      await shot(page, `uploading-${lang}`);
      release();
      const preview = page.getByRole('img', { name: text(t, 'imageUpload.preview') });
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute('src', new RegExp(`^/uploads/accommodation/${rideId}_`));
      await page.unroute('**/api/upload_image_api');

      await page.getByRole('button', { name: text(t, 'accommodations.save') }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
      await expect(page.getByRole('region', { name: new RegExp('Hotel Playwright') }).first()).toBeVisible();

      // The checklist: the suggestion is now "booking is registered", the booking is mine.
      await page.goto(`/ride_checklist/${rideId}`);
      await expect(page.getByRole('link', { name: text(t, 'accommodations.bookingRegistered') })).toHaveCount(
        1,
      );
      const mine = page.getByTestId('checklist-card').filter({ hasText: 'Hotel Playwright' });
      await expect(mine).toContainText('PW-12345');
      await shot(page, `checklist-booked-${lang}`);

      // Back to the booking from the suggestion's "booking is registered".
      await page.goto(`/ride_checklist/${rideId}`);
      await firstCard.getByRole('link', { name: text(t, 'accommodations.bookingRegistered') }).click();
      await expect(name).toHaveValue('Hotel Playwright');

      // Edit: a new name and a navigation address (000 §2 "if different") show on the trip page: navigation goes there.
      await name.fill('Hotel Playwright Two');
      await page
        .getByRole('textbox', { name: text(t, 'accommodations.navigationAddress') })
        .fill('HaNamal 5, Haifa');
      await page.getByRole('button', { name: text(t, 'accommodations.save') }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
      const stayCard = page.getByRole('region', { name: new RegExp('Hotel Playwright Two') }).first();
      await expect(stayCard).toBeVisible();
      await expect(
        stayCard.getByRole('link', {
          name: text(t, 'navigation.googleLabel', { name: 'Hotel Playwright Two' }),
        }),
      ).toHaveAttribute(
        'href',
        `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('HaNamal 5, Haifa')}`,
      );

      // A new stay with no place picked: the location is missing, listed; what was typed stays.
      await page.goto(`/accommodation?rideId=${rideId}`);
      await name.fill('Second Hotel');
      await checkIn.fill(inValue);
      await checkOut.fill(outValue);
      await page.getByRole('button', { name: text(t, 'accommodations.save') }).click();
      await expect(problems).toContainText(text(t, 'accommodation_location_required'));
      await expect(name).toHaveValue('Second Hotel');
      await expect(checkOut).toHaveValue(outValue);

      // The same nights as the booking, from the suggestion's own page: you_Are_having_double_booking from the server.
      const stays = (await (
        await request.get(`/api/ride_accommodations_api/${rideId}`, { headers: auth(user.token) })
      ).json()) as {
        baseRide: { id: number; name: string }[];
      };
      const suggestion = stays.baseRide.find((s) => s.name === suggestionName);
      expect(suggestion).toBeDefined();
      await page.goto(`/accommodation?rideId=${rideId}&base=${suggestion?.id}`);
      await expect(name).toHaveValue(suggestionName);
      await page.getByRole('button', { name: text(t, 'accommodations.save') }).click();
      await expect(problems).toContainText(text(t, 'you_Are_having_double_booking'));
      await expect(name).toHaveValue(suggestionName);
      await shot(page, `double-booking-${lang}`);

      // Delete from the edit page.
      await page.goto(`/ride_checklist/${rideId}`);
      await page
        .getByTestId('checklist-card')
        .filter({ hasText: 'Hotel Playwright Two' })
        .getByRole('link', { name: text(t, 'accommodations.viewBooking') })
        .click();
      await page.getByRole('button', { name: text(t, 'accommodations.delete') }).click();
      const dialog = page.getByRole('dialog', { name: text(t, 'accommodations.deleteTitle') });
      await dialog.getByRole('button', { name: text(t, 'accommodations.delete') }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
      await expect(page.getByRole('region', { name: new RegExp('Hotel Playwright Two') })).toHaveCount(0);
    });

    test('another user cannot edit the stays of a trip that is not theirs', async ({ page, request }) => {
      const owner = await newUser(request, `stay-owner-${lang}`, 'Sleeper');
      const rideId = await copyOf(request, owner.token, TRIP);
      const other = await newUser(request, `stay-other-${lang}`, 'Sleeper');
      await signInThroughApi(page, request, other.email, other.password);
      await page.goto(`/accommodation?rideId=${rideId}`);
      await expect(page.getByText(text(t, 'uesr_is_not_authorize_to_edit_this_ride'))).toBeVisible();
      await page.goto(`/ride_checklist/${rideId}`);
      await expect(
        page.getByRole('heading', { name: text(t, 'accommodations.baseRideGroup') }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: text(t, 'accommodations.findAccommodation') })).toHaveCount(
        0,
      );
    });
  });
}
