import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  auth,
  copyOf,
  EDITING_BASE_URL,
  locale,
  newUser,
  shot,
  text,
  type Dict,
} from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Legs between a day's stops on the trip page (issue 36 point 1, decision 0071): every leg's time and distance on the
 * card it reaches, labelled "estimate" (no routing service runs here), the day's total in its header; switching the
 * mode from driving (the default) to walking reads the legs again and every line says walking, longer; the choice is
 * kept for the trip on reload; and the legs follow an edit of the trip without a reload (the trip's read and the legs
 * are read again together). The trips are fresh copies of the seeded Hebrew and English trips (every stop has a place),
 * on the editing server. In Hebrew (desktop) the owner reads, signed in (the comments' badges share the cards); in
 * English (phone) a reader who is not signed in.
 */
test.use({ baseURL: EDITING_BASE_URL });

/** The day's activities through the trip's own read. */
async function dayActivities(request: APIRequestContext, rideId: number) {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`);
  expect(res.ok()).toBe(true);
  return (
    (await res.json()) as { attractionsByDay: { daily_attractions: { id: number; title: string }[] }[] }
  ).attractionsByDay;
}

/** Minutes in a time as the page writes it ("1 h 28 min", "1 שע׳ 28 דק׳"; "under a minute" is 0). */
function minutesIn(line: string, t: Dict): number {
  const unit = (key: string, name: string) =>
    text(t, key, { [name]: '#' })
      .replace('#', '')
      .trim();
  const number = (key: string, name: string) =>
    Number(new RegExp(`(\\d+) ${unit(key, name)}`).exec(line)?.[1] ?? 0);
  return number('legs.duration.hours', 'hours') * 60 + number('legs.duration.minutes', 'minutes');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A leg's time by a mode as a card writes it ("12 min walk", "1 h drive", "21 דק׳ נסיעה"). */
function travel(t: Dict, mode: string): RegExp {
  const unit = (key: string, name: string) =>
    escape(
      text(t, key, { [name]: '#' })
        .replace('#', '')
        .trim(),
    );
  const hours = unit('legs.duration.hours', 'hours');
  const minutes = unit('legs.duration.minutes', 'minutes');
  const time = `(?:\\d+ ${hours} )?(?:\\d+ ${minutes}|\\d+ ${hours}|${escape(text(t, 'legs.duration.underMinute'))})`;
  return new RegExp(escape(text(t, `legs.travel.${mode}`, { duration: '#' })).replace('#', time));
}

/** A response of the legs call in this mode. */
const legsRead = (page: Page, rideId: number, mode: string) =>
  page.waitForResponse((r) => r.url().includes(`/api/trips/${rideId}/legs?mode=${mode}`) && r.ok());

const lines = (day: Locator) => day.locator('[data-testid^="leg-line"]');

/** Scrolls an element to just under the page's sticky title and day chips, for a screenshot. */
const showAt = (element: Locator) =>
  element.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 240));

for (const lang of ['he', 'en'] as const) {
  test.describe(`legs between the stops (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);
    const TRIP = lang === 'he' ? 843 : 72;

    test('each card shows the way to it, the mode switches for every day and is kept, edits move the legs @phone', async ({
      page,
      request,
    }) => {
      const owner = await newUser(request, `legs-${lang}`, 'Owner', { signIn: true });
      const rideId = await copyOf(request, owner.token, TRIP);
      if (lang === 'he') await signInThroughApi(page, request, owner.email, owner.password);

      // Driving unless chosen: the day's lines and total, each an estimate.
      const drive = legsRead(page, rideId, 'drive');
      await page.goto(`/single_ride_with_map/${rideId}`);
      await drive;
      const day1 = page.locator('#trip-day-1');
      const header = day1.getByTestId('day-legs');
      await expect(header.getByRole('radio', { name: text(t, 'legs.modes.drive') })).toBeChecked();
      const first = day1.getByTestId('leg-line').first();
      await expect(first).toContainText(travel(t, 'drive'));
      await expect(first).toContainText(text(t, 'legs.estimate'));
      await expect(header.getByTestId('day-legs-total')).toContainText(
        text(t, 'legs.total.drive', { duration: '', distance: '' }).split(':')[0]!,
      );
      const lineCount = await lines(day1).count();
      expect(lineCount).toBeGreaterThan(1);
      const driveTotal = minutesIn(await header.getByTestId('day-legs-total').innerText(), t);
      const driveFirst = minutesIn(await first.innerText(), t);
      expect(driveTotal).toBeGreaterThan(0);
      await showAt(day1);
      await shot(page, `legs-drive-${lang}`, { fullPage: false });

      // Walking: read again, every line of every day on the page says it, and takes longer.
      const walk = legsRead(page, rideId, 'walk');
      await header.getByRole('radio', { name: text(t, 'legs.modes.walk') }).check();
      await walk;
      await expect(page.getByTestId('leg-line').filter({ hasText: travel(t, 'drive') })).toHaveCount(0);
      await expect(first).toContainText(travel(t, 'walk'));
      await expect(lines(day1)).toHaveCount(lineCount);
      await expect(header.getByTestId('day-legs-total')).toContainText(
        text(t, 'legs.total.walk', { duration: '', distance: '' }).split(':')[0]!,
      );
      expect(minutesIn(await header.getByTestId('day-legs-total').innerText(), t)).toBeGreaterThan(
        driveTotal,
      );
      expect(minutesIn(await first.innerText(), t)).toBeGreaterThan(driveFirst);
      // The mode is the trip's: the next day's switch says walking too.
      await expect(
        page.locator('#trip-day-2').getByRole('radio', { name: text(t, 'legs.modes.walk') }),
      ).toBeChecked();
      await showAt(day1);
      await shot(page, `legs-walk-${lang}`, { fullPage: false });
      // The second night is at the first night's stay, whose card is on the first day: the way there ends the day.
      const night = page.locator('#trip-day-2').getByTestId('leg-line-night');
      await expect(night).toContainText(travel(t, 'walk'));
      await expect(night).toContainText(text(t, 'legs.estimate'));
      await showAt(night);
      await shot(page, `legs-night-${lang}`, { fullPage: false });

      // Kept for this trip on this device.
      const reread = legsRead(page, rideId, 'walk');
      await page.reload();
      await reread;
      await expect(header.getByRole('radio', { name: text(t, 'legs.modes.walk') })).toBeChecked();
      await expect(first).toContainText(travel(t, 'walk'));
      await expect(page.getByTestId('leg-line').filter({ hasText: travel(t, 'drive') })).toHaveCount(0);

      // The owner removes the first day's second activity: one leg fewer on the page, without a reload.
      const removed = (await dayActivities(request, rideId))[0]?.daily_attractions[1];
      if (!removed) throw new Error('the first day has fewer than two activities');
      const again = legsRead(page, rideId, 'walk');
      const res = await request.get(`/api/remove_attraction_from_ride_api/${rideId}/${removed.id}`, {
        headers: auth(owner.token),
      });
      expect(res.ok(), await res.text()).toBe(true);
      await again;
      await expect(day1.getByText(removed.title, { exact: true })).toHaveCount(0);
      await expect(lines(day1)).toHaveCount(lineCount - 1);
      await showAt(day1);
      await shot(page, `legs-after-edit-${lang}`, { fullPage: false });
    });
  });
}
