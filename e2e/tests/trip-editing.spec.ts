import type { APIRequestContext, Page } from '@playwright/test';
import { axe } from '../support/axe.js';
import { auth, copyOf, type Dict, EDITING_BASE_URL, locale, login, newUser, PLANNER, text, toast } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO_PASSWORD, signInThroughApi, TRAVELLER } from '../support/session.js';

/**
 * Editing a trip on its page (issue 5, spec 000 §2, §4, §5, §6; 001 §2 "Extra information form"), in Hebrew and
 * English: copy and edit through sign-in, the day options (add, forced add on a trip with booked hotels, remove both
 * ways), removing an activity and undoing it, setting a time, trip and day notes, the lock, refusals, axe.
 * Every trip changed here is a copy made for the test, so the seeded trips other specs read stay as they are. The copies
 * are public and searchable, so these tests run on their own server (playwright.config.ts, "editing").
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function tripDays(request: APIRequestContext, token: string, rideId: number) {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`, { headers: auth(token) });
  return ((await res.json()) as { attractionsByDay: { daily_attractions: { id: number; title: string; dateTime: string | null }[] }[] })
    .attractionsByDay;
}

const dayMenu = (page: Page, t: Dict, n: number) => page.getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: n }), exact: true });

test.use({ baseURL: EDITING_BASE_URL });

for (const lang of ['he', 'en'] as const) {
  test.describe(`trip editing (${lang})`, () => {
    test.use({ lang });
    // Several edits, each answered and read again, on a 10 to 14 day trip: more than the default 30 s on a busy machine.
    test.describe.configure({ timeout: 120_000 });
    const t = locale(lang);
    // The page takes the trip's language (000 §4), so each language edits a public, copyable trip written in it:
    // 843 (Hebrew, the traveller's) and 72 (English, the planner's). Booked hotels: the traveller's own duplicates of
    // 843 and 233 keep their bookings (decision 0015).
    const TRIP = lang === 'he' ? 843 : 72;
    const BOOKED = lang === 'he' ? 843 : 233;
    // The one demo trip (decision 0042): for looking, never copied.
    const DEMO = 183;

    // Issue 30 point 1: a newcomer's first search (Rome in Hebrew, Eilat in English) finds a trip they can copy
    // (decision 0042), and the copy offers a rename and marks the texts that are the original author's (point 9).
    const FIRST_SEARCH = lang === 'he'
      ? { place: 'רומא', lat: 41.9028, lng: 12.4964, trip: 719 }
      : { place: 'Eilat', lat: 29.5577, lng: 34.9519, trip: 1 };

    test('a newcomer searches, opens a trip, copies it through sign-in and lands on their copy @phone', async ({ page, request }) => {
      const user = await newUser(request, `copy-${lang}`, 'Editor', { signIn: true });
      const { place, lat, lng, trip: TRIP } = FIRST_SEARCH;
      await page.goto(`/search_ride?lat=${lat}&lng=${lng}&place=${encodeURIComponent(place)}`);
      await page.locator(`article[data-ride-id="${TRIP}"]`).getByRole('link', { name: new RegExp(`^${escapeRe(text(t, 'search.viewRoute'))}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${TRIP}$`));
      await expect(page.getByText(text(t, 'trip.copyBanner.title'))).toBeVisible();
      await page.getByRole('button', { name: text(t, 'trip.copy.button') }).click();
      // "please log in to edit ride", then the sign-in modal over the same page.
      const prompt = page.getByRole('dialog', { name: text(t, 'trip.copy.loginTitle') });
      await prompt.getByRole('button', { name: text(t, 'trip.copy.signIn'), exact: true }).click();
      const login = page.getByRole('dialog', { name: text(t, 'auth.login.title') });
      await login.getByLabel(text(t, 'auth.fields.email')).fill(user.email);
      await login.getByRole('textbox', { name: text(t, 'auth.fields.password') }).fill(user.password);
      await login.getByRole('button', { name: text(t, 'auth.login.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/(?!${TRIP}$)\\d+$`));
      await expect(toast(page, text(t, 'uesr_copyed_new_ride'))).toBeVisible();
      // Their own copy: the author's day options, no copy banner.
      await expect(dayMenu(page, t, 1)).toBeVisible();
      await expect(page.getByRole('button', { name: text(t, 'trip.copy.button') })).toHaveCount(0);
      // It still has the original's title and text: a rename is offered, the text is marked as the original author's.
      await expect(page.getByText(text(t, 'trip.copyOrigin.inherited')).first()).toBeVisible();
      await page.getByRole('link', { name: text(t, 'trip.copyOrigin.renameButton') }).click();
      await expect(page).toHaveURL(/\/ride_information\/\d+$/);
    });

    test('the author who signs in from "copy and edit" on their own trip is told so', async ({ page }) => {
      // The planner's own trip 72, opened as a visitor: "copy and edit", then signing in as its author.
      await page.goto('/single_ride_with_map/72');
      await page.getByRole('button', { name: text(t, 'trip.copy.button') }).click();
      const prompt = page.getByRole('dialog', { name: text(t, 'trip.copy.loginTitle') });
      await prompt.getByRole('button', { name: text(t, 'trip.copy.signIn'), exact: true }).click();
      const login = page.getByRole('dialog', { name: text(t, 'auth.login.title') });
      await login.getByLabel(text(t, 'auth.fields.email')).fill(PLANNER);
      await login.getByRole('textbox', { name: text(t, 'auth.fields.password') }).fill(DEMO_PASSWORD);
      await login.getByRole('button', { name: text(t, 'auth.login.submit'), exact: true }).click();
      await expect(toast(page, text(t, 'trip.copy.ownTrip'))).toBeVisible();
      await expect(page).toHaveURL(/\/single_ride_with_map\/72$/);
      await expect(dayMenu(page, t, 1)).toBeVisible();
    });

    test('a signed-in reader confirms "add ride to your list"; a demo trip offers no copy', async ({ page, request }) => {
      const user = await newUser(request, `add-${lang}`, 'Editor', { signIn: true });
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${DEMO}`);
      await expect(page.getByText(text(t, 'trip.copy.demo'))).toBeVisible();
      // No invitation to copy it: neither the banner nor its button (issue 30 point 1).
      await expect(page.getByText(text(t, 'trip.copyBanner.title'))).toHaveCount(0);
      await expect(page.getByRole('button', { name: text(t, 'trip.copy.button') })).toHaveCount(0);
      await page.goto(`/single_ride_with_map/${TRIP}`);
      // A non-author sees no author buttons.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(dayMenu(page, t, 1)).toHaveCount(0);
      await expect(page.getByRole('button', { name: text(t, 'tripEditing.remove.button') })).toHaveCount(0);
      await page.getByRole('button', { name: text(t, 'trip.copy.button') }).click();
      const dialog = page.getByRole('dialog', { name: text(t, 'trip.copy.addTitle') });
      await dialog.getByRole('button', { name: text(t, 'trip.copy.addConfirm') }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/(?!${TRIP}$)\\d+$`));
      await expect(dayMenu(page, t, 1)).toBeVisible();
    });

    test('days: add one after a day, remove one with its activities and one moving them on @phone', async ({ page, request }) => {
      const user = await newUser(request, `days-${lang}`, 'Editor', { signIn: true });
      const rideId = await copyOf(request, user.token, TRIP);
      const before = await tripDays(request, user.token, rideId);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);

      await dayMenu(page, t, 1).click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.addDayAfter') }).click();
      await expect(toast(page, text(t, 'scroll_down_to_see_the_added_day'))).toBeVisible();
      await expect(page.locator('#trip-day-2').getByText(text(t, 'trip.noActivities'))).toBeVisible();
      expect((await tripDays(request, user.token, rideId)).length).toBe(before.length + 1);

      // Day 1's activities move to the (empty) day 2.
      const firstTitles = before[0]!.daily_attractions.map((a) => a.title);
      await dayMenu(page, t, 1).click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.removeDay.button') }).click();
      const remove = page.getByRole('dialog', { name: text(t, 'tripEditing.removeDay.title', { number: 1 }) });
      await remove.getByRole('button', { name: text(t, 'tripEditing.removeDay.keep') }).click();
      await expect(toast(page, text(t, 'tripEditing.removeDay.doneMoved'))).toBeVisible();
      let days = await tripDays(request, user.token, rideId);
      expect(days.length).toBe(before.length);
      expect(days[0]!.daily_attractions.map((a) => a.title)).toEqual(firstTitles);

      // The last day goes with its activities.
      const last = days.length;
      await dayMenu(page, t, last).click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.removeDay.button') }).click();
      const removeLast = page.getByRole('dialog', { name: text(t, 'tripEditing.removeDay.title', { number: last }) });
      const either = [text(t, 'tripEditing.removeDay.withActivities'), text(t, 'tripEditing.removeDay.empty')];
      await removeLast.getByRole('button', { name: new RegExp(`^(${either.map(escapeRe).join('|')})$`) }).click();
      await expect(toast(page, text(t, 'tripEditing.removeDay.doneDeleted'))).toBeVisible();
      days = await tripDays(request, user.token, rideId);
      expect(days.length).toBe(before.length - 1);
      await expect(dayMenu(page, t, last)).toHaveCount(0);
    });

    test('a trip with booked hotels: the forced add and remove, and the reminder to update the hotels', async ({ page, request }) => {
      // The traveller's own duplicate of their trip 843 keeps its bookings (decision 0015).
      const token = await login(request, TRAVELLER);
      const rideId = await copyOf(request, token, BOOKED);
      const before = (await tripDays(request, token, rideId)).length;
      await signInThroughApi(page, request, TRAVELLER, DEMO_PASSWORD);
      await page.goto(`/single_ride_with_map/${rideId}`);

      await dayMenu(page, t, 2).click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.addDayAfter') }).click();
      const force = page.getByRole('dialog', { name: text(t, 'tripEditing.addDay.forceTitle') });
      await expect(force.getByText(text(t, 'rideHaveOrderedAccommodation'))).toBeVisible();
      await force.getByRole('button', { name: text(t, 'tripEditing.addDay.forceConfirm') }).click();
      await expect(toast(page, text(t, 'tripEditing.updateHotels.text'))).toBeVisible();
      expect((await tripDays(request, token, rideId)).length).toBe(before + 1);

      await dayMenu(page, t, 3).click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.removeDay.button') }).click();
      const remove = page.getByRole('dialog', { name: text(t, 'tripEditing.removeDay.title', { number: 3 }) });
      await remove.getByRole('button', { name: text(t, 'tripEditing.removeDay.empty') }).click();
      const forced = page.getByRole('dialog', { name: text(t, 'tripEditing.removeDay.forceTitle', { number: 3 }) });
      await forced.getByRole('button', { name: text(t, 'tripEditing.removeDay.forceConfirm') }).click();
      await expect(toast(page, text(t, 'tripEditing.removeDay.doneDeleted'))).toBeVisible();
      expect((await tripDays(request, token, rideId)).length).toBe(before);
    });

    test('an activity: removed and brought back with undo; its day and time set @phone', async ({ page, request }) => {
      const user = await newUser(request, `activity-${lang}`, 'Editor', { signIn: true });
      const rideId = await copyOf(request, user.token, TRIP);
      const [day1] = await tripDays(request, user.token, rideId);
      const first = day1!.daily_attractions[0]!;
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);
      const card = page.locator('#trip-day-1 article').filter({ hasText: first.title }).first();

      await card.getByRole('button', { name: text(t, 'tripEditing.remove.button') }).click();
      await page.getByRole('dialog', { name: text(t, 'tripEditing.remove.title') }).getByRole('button', { name: text(t, 'tripEditing.remove.confirm') }).click();
      await expect(page.locator('#trip-day-1 article').filter({ hasText: first.title })).toHaveCount(0);
      expect((await tripDays(request, user.token, rideId))[0]!.daily_attractions.some((a) => a.id === first.id)).toBe(false);
      await toast(page, text(t, 'tripEditing.remove.done', { name: first.title })).getByRole('button', { name: text(t, 'tripEditing.undo') }).click();
      await expect(toast(page, text(t, 'tripEditing.remove.restored', { name: first.title }))).toBeVisible();
      await expect(page.locator('#trip-day-1 article').filter({ hasText: first.title })).toHaveCount(1);
      const restored = (await tripDays(request, user.token, rideId))[0]!.daily_attractions.find((a) => a.id === first.id);
      expect(restored?.dateTime).toBe(first.dateTime);

      // Day 2 at 07:45 (the Data header carries M/D/YYYY and hh:mm:ss A).
      const again = page.locator('#trip-day-1 article').filter({ hasText: first.title }).first();
      await again.getByRole('button', { name: text(t, 'tripEditing.changeDay') }).click();
      const dialog = page.getByRole('dialog', { name: text(t, 'tripEditing.time.title', { name: first.title }) });
      await dialog.getByLabel(text(t, 'tripEditing.time.day')).selectOption('1');
      await dialog.getByLabel(text(t, 'tripEditing.time.time')).fill('07:45');
      await dialog.getByRole('button', { name: text(t, 'tripEditing.time.save') }).click();
      await expect(toast(page, text(t, 'tripEditing.time.saved', { name: first.title }))).toBeVisible();
      await expect(page.locator('#trip-day-2 article').filter({ hasText: first.title })).toHaveCount(1);
      const moved = (await tripDays(request, user.token, rideId))[1]!.daily_attractions.find((a) => a.id === first.id);
      expect(moved?.dateTime).toBe('07:45:00 AM');
    });

    test('notes: a day note and a trip-wide section through the extra information form', async ({ page, request }) => {
      // A manager's own duplicate: managers who author a trip write its general information (000 §6).
      const token = await login(request, PLANNER);
      const rideId = await copyOf(request, token, 72);
      await signInThroughApi(page, request, PLANNER, DEMO_PASSWORD);
      // Straight to the form (72 is English: its page would switch a Hebrew reader to English).
      await page.goto(`/ride_extra_information/${rideId}#day-2`);
      const day2 = page.locator('#day-2');
      const dayNote = `Day note ${lang} – bring water`;
      await day2.getByLabel(text(t, 'tripEditing.info.content')).first().fill(dayNote);
      await day2.getByRole('button', { name: new RegExp(`^(${escapeRe(text(t, 'tripEditing.info.add'))}|${escapeRe(text(t, 'tripEditing.info.update'))})$`) }).first().click();
      await expect(toast(page, text(t, 'tripEditing.info.saved'))).toBeVisible();

      const section = page.getByRole('region', { name: text(t, 'tripEditing.info.newSection') });
      await section.getByLabel(text(t, 'tripEditing.info.title')).fill(`Packing ${lang}`);
      await section.getByLabel(text(t, 'tripEditing.info.content')).fill('Sun hat\n\nSee https://example.com/list');
      // The day note's "Saved." first leaves (it closes by itself), so the one seen next is the section's.
      await expect(toast(page, text(t, 'tripEditing.info.saved'))).toHaveCount(0);
      await section.getByRole('button', { name: text(t, 'tripEditing.info.add') }).click();
      await expect(toast(page, text(t, 'tripEditing.info.saved'))).toBeVisible();

      await page.getByRole('link', { name: text(t, 'tripEditing.info.back') }).click();
      await expect(page.locator('#trip-day-2').getByText(dayNote)).toBeVisible();
      await expect(page.getByRole('heading', { name: `Packing ${lang}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'https://example.com/list' })).toBeVisible();
    });

    test('the lock: the author locks and unlocks; a trip locked meanwhile shows locked on the open page, and the API refuses', async ({ page, request }) => {
      const user = await newUser(request, `lock-${lang}`, 'Editor', { signIn: true });
      const rideId = await copyOf(request, user.token, TRIP);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);
      const lock = page.getByRole('switch', { name: text(t, 'tripEditing.lock.label') });
      await lock.check();
      await expect(toast(page, text(t, 'tripEditing.lock.locked'))).toBeVisible();
      await expect(dayMenu(page, t, 1)).toHaveCount(0);
      await lock.uncheck();
      await expect(dayMenu(page, t, 1)).toBeVisible();

      // Locked from elsewhere while this page is open: the page follows without a reload (live updates, decision 0064),
      // showing it locked without the editing buttons, and the server refuses a change.
      const locked = await request.post(`/api/lock_ride_api/${rideId}`, { headers: auth(user.token), data: { is_locked: true } });
      expect(locked.ok()).toBe(true);
      await expect(lock).toBeChecked();
      await expect(dayMenu(page, t, 1)).toHaveCount(0);
      const refused = await request.get(`/api/add_day_to_ride_api/${rideId}/0`, { headers: auth(user.token) });
      expect(refused.status()).toBe(403);
    });

    test('axe: no serious violations with the author buttons and the editing dialogs shown @phone', async ({ page, request }) => {
      // Three axe scans of a trip page and a form, besides the set-up: beyond 120 s on a busy machine.
      test.slow();
      const user = await newUser(request, `axe-${lang}`, 'Editor', { signIn: true });
      const rideId = await copyOf(request, user.token, TRIP);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);
      await expect(dayMenu(page, t, 1)).toBeVisible();
      await expect(page.getByRole('button', { name: text(t, 'tripEditing.remove.button') }).first()).toBeVisible();
      // The dialog is scanned on its own: the page behind it was scanned a moment before (a third of the cost).
      const serious = async (within?: string) =>
        (await (within ? axe(page).include(within) : axe(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(await serious(), 'trip page').toEqual([]);
      await dayMenu(page, t, 1).click();
      await page.getByRole('menuitem', { name: text(t, 'tripEditing.removeDay.button') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await serious('[role="dialog"]'), 'remove day dialog').toEqual([]);
      await page.goto(`/ride_extra_information/${rideId}`);
      await expect(page.getByRole('heading', { name: text(t, 'tripEditing.info.dayNotesHeading') })).toBeVisible();
      expect(await serious(), 'extra information form').toEqual([]);
    });
  });
}
