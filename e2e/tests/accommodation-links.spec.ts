import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';
import { auth, copyOf, EDITING_BASE_URL, locale, newUser, shot as fullShot, text } from '../support/editing.js';

/**
 * Issue 6, the trip page's links to the accommodation screens (decision 0018), in Hebrew and English: on a copy, the
 * author's "enter accommodation details" on a suggestion shows unbooked_accommodation_info and goes on to book in its
 * place; a day whose night has no booking offers "add accommodation" in its options, a booked night does not; a
 * booking's card has "edit" to its own page; the checklist link; the summary timeline flags nights with no stay.
 * Another user and a visitor get none of the links.
 * Copies are made on the editing server. SHOTS_DIR=<dir> writes screenshots (he/en x 1280/390).
 */
test.use({ baseURL: EDITING_BASE_URL });

/** The part of the page in view (the cards and menus under test), not the whole trip. */
const shot = (page: Parameters<typeof fullShot>[0], name: string) => fullShot(page, name, { fullPage: false });

interface Stay {
  id: number;
  name: string;
  check_in_date: string | null;
  check_out_date: string | null;
}

async function stays(request: APIRequestContext, token: string, rideId: number) {
  const res = await request.get(`/api/ride_accommodations_api/${rideId}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { baseRide: Stay[]; ride: Stay[]; trip: { start_date: string } };
}

/** 'DD-MM-YYYY' -> days since the trip's start. */
const dayIndex = (date: string, start: string) => {
  const ms = (d: string) => Date.UTC(Number(d.slice(6, 10)), Number(d.slice(3, 5)) - 1, Number(d.slice(0, 2)));
  return Math.round((ms(date) - ms(start)) / 86_400_000);
};

for (const lang of ['he', 'en'] as const) {
  test.describe(`accommodation links (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 120_000 });
    const t = locale(lang);
    const TRIP = lang === 'he' ? 843 : 72;

    test('the author books in place of a suggestion from its card, adds a stay from a day, edits a booking, opens the checklist @phone', async ({ page, request }) => {
      const user = await newUser(request, `links-${lang}`);
      const rideId = await copyOf(request, user.token, TRIP);
      const before = await stays(request, user.token, rideId);
      const suggestion = before.baseRide[0] as Stay;
      expect(suggestion).toBeDefined();
      const firstNight = dayIndex(suggestion.check_in_date ?? '', before.trip.start_date);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);

      // The suggestion's card: "enter accommodation details", the message, then the edit page filled from it.
      const card = page.getByRole('region', { name: text(t, 'trip.accommodationLabel', { name: suggestion.name }) }).first();
      await card.scrollIntoViewIfNeeded();
      const enter = card.getByRole('button', { name: text(t, 'tripEditing.accommodation.enterDetailsLabel', { name: suggestion.name }) });
      await expect(enter).toBeVisible();
      await shot(page, `card-suggestion-${lang}`);
      await enter.click();
      const dialog = page.getByRole('dialog', { name: text(t, 'tripEditing.accommodation.unbookedTitle') });
      await expect(dialog).toContainText(text(t, 'tripEditing.accommodation.unbooked_accommodation_info'));
      await shot(page, `unbooked-info-${lang}`);
      await dialog.getByRole('button', { name: text(t, 'tripEditing.accommodation.continue') }).click();
      await expect(page).toHaveURL(new RegExp(`/accommodation\\?rideId=${rideId}&base=${suggestion.id}$`));
      await expect(page.getByTestId('recommended-stay')).toContainText(suggestion.name);
      await expect(page.getByRole('textbox', { name: text(t, 'accommodations.name') })).toHaveValue(suggestion.name);

      // A day whose night has no booking: "add accommodation" from its options, to a new stay from that night.
      await page.goto(`/single_ride_with_map/${rideId}`);
      const menu = page.getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: firstNight + 1 }), exact: true });
      await menu.click();
      const add = page.getByRole('menuitem', { name: text(t, 'tripEditing.accommodation.add') });
      await expect(add).toHaveAttribute('href', `/accommodation?rideId=${rideId}&day=${firstNight + 1}`);
      await shot(page, `day-menu-${lang}`);
      await add.click();
      await expect(page).toHaveURL(new RegExp(`/accommodation\\?rideId=${rideId}&day=${firstNight + 1}$`));
      await expect(page.getByRole('heading', { name: text(t, 'accommodations.editTitle'), level: 1 })).toBeVisible();

      // Booked (through the API, as the edit page's own tests book): the card edits the booking, the night has no "add".
      const res = await request.post(`/api/create_accommodation_and_add_to_ride_api/${rideId}`, {
        headers: auth(user.token),
        data: {
          name: 'Hotel Links',
          country: 'Israel',
          city: 'Haifa',
          lat: 32.81,
          lng: 34.98,
          booking_confirmation: 'LINK-77',
          check_in_date: suggestion.check_in_date,
          check_out_date: suggestion.check_out_date,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      const bookingId = ((await res.json()) as { accommodation: { id: number } }).accommodation.id;
      await page.goto(`/single_ride_with_map/${rideId}`);
      const booked = page.getByRole('region', { name: text(t, 'trip.accommodationLabel', { name: 'Hotel Links' }) }).first();
      const edit = booked.getByRole('link', { name: text(t, 'tripEditing.accommodation.editLabel', { name: 'Hotel Links' }) });
      await expect(edit).toHaveAttribute('href', `/accommodation?rideId=${rideId}&id=${bookingId}`);
      await booked.scrollIntoViewIfNeeded();
      await shot(page, `card-booked-${lang}`);
      await page.getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: firstNight + 1 }), exact: true }).click();
      await expect(page.getByRole('menuitem', { name: text(t, 'tripEditing.addActivity') })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: text(t, 'tripEditing.accommodation.add') })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await edit.click();
      await expect(page.getByRole('textbox', { name: text(t, 'accommodations.name') })).toHaveValue('Hotel Links');

      // The checklist, from the author's trip links.
      await page.goto(`/single_ride_with_map/${rideId}`);
      await page.getByRole('link', { name: text(t, 'tripEditing.accommodation.checklist') }).click();
      await expect(page).toHaveURL(new RegExp(`/ride_checklist/${rideId}$`));
      await expect(page.getByTestId('checklist-card').filter({ hasText: 'Hotel Links' })).toContainText('LINK-77');
    });

    test('the calendar marks the nights with no stay planned, and adds accommodation from one @phone', async ({ page, request }) => {
      const user = await newUser(request, `links-calendar-${lang}`);
            // Four days, three nights; the middle night booked: nights 1 and 3 have no stay (the last day has no night).
      const created = await request.post('/api/add_ride_api', {
        headers: { ...auth(user.token), ...ownClientAddress() },
        data: { title: `Nights ${lang}`, checkIn: '01-09-2031', checkOut: '04-09-2031' },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { rideId } = (await created.json()) as { rideId: number };
      const booked = await request.post(`/api/create_accommodation_and_add_to_ride_api/${rideId}`, {
        headers: auth(user.token),
        data: { name: 'Middle Inn', country: 'Israel', city: 'Haifa', lat: 32.81, lng: 34.98, check_in_date: '02-09-2031', check_out_date: '03-09-2031' },
      });
      expect(booked.ok(), await booked.text()).toBe(true);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/ride_calendar/${rideId}`);
      await expect(page.getByText(text(t, 'tripCalendar.instructionNoStay'))).toBeVisible();
      const gaps = page.getByText(text(t, 'tripCalendar.noStay'), { exact: true });
      await expect(gaps).toHaveCount(2);
      await expect(page.getByText('Middle Inn')).toBeVisible();
      await shot(page, `calendar-no-stay-${lang}`);
      await gaps.first().click();
      await expect(page).toHaveURL(new RegExp(`/accommodation\\?rideId=${rideId}&day=1$`));
      await expect(page.getByRole('heading', { name: text(t, 'accommodations.editTitle'), level: 1 })).toBeVisible();
    });

    test("the trip summary's timeline flags the nights with no stay where they fall @phone", async ({ page, request }) => {
      const user = await newUser(request, `links-timeline-${lang}`);
      // Five days, four nights; nights 2 and 4 booked in two places: nights 1 and 3 have no stay.
      const created = await request.post('/api/add_ride_api', {
        headers: { ...auth(user.token), ...ownClientAddress() },
        data: { title: `Timeline ${lang}`, checkIn: '01-09-2031', checkOut: '05-09-2031', language: lang === 'he' ? 'hebrew' : 'english' },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { rideId } = (await created.json()) as { rideId: number };
      for (const [name, city, day] of [['Haifa Inn', 'Haifa', '02'], ['Akko Inn', 'Akko', '04']] as const) {
        const booked = await request.post(`/api/create_accommodation_and_add_to_ride_api/${rideId}`, {
          headers: auth(user.token),
          data: { name, country: 'Israel', city, lat: 32.9, lng: 35.07, check_in_date: `${day}-09-2031`, check_out_date: `${day.replace(/\d$/, (d) => String(Number(d) + 1))}-09-2031` },
        });
        expect(booked.ok(), await booked.text()).toBe(true);
      }
      // A visitor reads the trip: the accommodations tab is the summary's default.
      await page.goto(`/single_ride_with_map/${rideId}`);
      const timeline = page.getByRole('tabpanel').getByRole('listitem');
      await expect(timeline).toHaveText([
        new RegExp(`^${text(t, 'trip.noStayPlanned')}${text(t, 'trip.nightN', { number: 1 })}$`),
        new RegExp(`^Haifa`),
        new RegExp(`^${text(t, 'trip.noStayPlanned')}${text(t, 'trip.nightN', { number: 3 })}$`),
        new RegExp(`^Akko`),
      ]);
      await fullShot(page, `timeline-no-stay-${lang}`, { fullPage: false });
      // A flag leads to its day.
      await timeline.nth(2).getByRole('button').click();
      await expect(page.locator('#trip-day-3')).toBeInViewport();
    });

    test('another user and a visitor get no accommodation links', async ({ page, request }) => {
      const owner = await newUser(request, `links-owner-${lang}`);
      const rideId = await copyOf(request, owner.token, TRIP);
      const { baseRide } = await stays(request, owner.token, rideId);
      const name = (baseRide[0] as Stay).name;
      const card = page.getByRole('region', { name: text(t, 'trip.accommodationLabel', { name }) }).first();
      const noLinks = async () => {
        await page.goto(`/single_ride_with_map/${rideId}`);
        await expect(card).toBeVisible();
        await expect(card.getByRole('button', { name: text(t, 'tripEditing.accommodation.enterDetailsLabel', { name }) })).toHaveCount(0);
        await expect(card.getByRole('link', { name: text(t, 'tripEditing.accommodation.editLabel', { name }) })).toHaveCount(0);
        await expect(page.getByRole('link', { name: text(t, 'tripEditing.accommodation.checklist') })).toHaveCount(0);
        await expect(page.getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: 1 }), exact: true })).toHaveCount(0);
      };
      await noLinks();
      const other = await newUser(request, `links-other-${lang}`);
      await signInThroughApi(page, request, other.email, other.password);
      await noLinks();
    });
  });
}
