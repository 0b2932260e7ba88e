import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  auth,
  copyOf,
  EDITING_BASE_URL,
  locale,
  newUser,
  seen,
  shot,
  text,
  toast,
  type Dict,
} from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * A living copy's updates on its trip page (issue 37 point 2, decision 0075; rules 140-143). The author of a public trip
 * (a fresh copy of a seeded one, on the editing server) has it copied by a second user, then retimes an activity and
 * moves another to another day. The copier opens their copy: "2 updates from the original" naming the original, and
 * the preview says both changes in words with the day and before/after. Then, a copier who had set their own time on
 * the retimed activity sees that change as a conflict with both times, keeps the move for later and takes the
 * original's time: the page shows it, the banner says 1; the toast's "undo" takes it back (their own time, 2 updates
 * again). Hebrew on a desktop, English on a phone.
 */
test.use({ baseURL: EDITING_BASE_URL });

interface Activity {
  id: number;
  title: string;
  dateTime: string | null;
  plannedDate: string | null;
}

async function tripDays(request: APIRequestContext, rideId: number) {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`);
  expect(res.ok()).toBe(true);
  return (
    (await res.json()) as { attractionsByDay: { dateTime: string | null; daily_attractions: Activity[] }[] }
  ).attractionsByDay;
}

/** "DD/MM/YYYY 00:00" -> "M/D/YYYY" (the editing calls' date). */
const pickerDate = (dayDateTime: string) => {
  const [d, m, y] = dayDateTime.slice(0, 10).split('/');
  return `${Number(m)}/${Number(d)}/${y}`;
};

/** "hh:mm:ss A" -> "HH:MM" as the preview says it. */
const clock = (wire: string | null) => {
  const m = /^(\d{1,2}):(\d{2}):\d{2} ([AP]M)$/.exec(wire ?? '');
  if (!m) return null;
  const h = (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m[2]}`;
};

async function setTime(
  request: APIRequestContext,
  token: string,
  rideId: number,
  a: Activity,
  date: string,
  time?: string,
) {
  const res = await request.get(`/api/update_attraction_ride_time_api/${rideId}/${a.id}`, {
    headers: { ...auth(token), Data: JSON.stringify({ date, time }) },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The plural form of a count in the locale's language ("count_two" in Hebrew for 2). */
const plural = (t: Dict, lang: 'he' | 'en', key: string, count: number) =>
  text(t, `${key}_${new Intl.PluralRules(lang).select(count)}`, { count });

/**
 * The author's trip, a copier's copy of it, and the author's two changes since: a retime of day 1's first activity and
 * day 1's last activity moved to day 3. What the preview should say of each.
 */
async function setUp(request: APIRequestContext, lang: 'he' | 'en', t: Dict, { conflict = false } = {}) {
  const author = await newUser(request, `updates-author-${lang}`, 'Author');
  const tripId = await copyOf(request, author.token, lang === 'he' ? 843 : 72);
  const copier = await newUser(request, `updates-copier-${lang}`, 'Copier', { signIn: true });
  const copyId = await copyOf(request, copier.token, tripId);

  const days = await tripDays(request, tripId);
  const day1 = days[0]!;
  const day3 = days[2]!;
  expect(day1.daily_attractions.length).toBeGreaterThan(1);
  const retimed = day1.daily_attractions[0]!;
  const moved = day1.daily_attractions[day1.daily_attractions.length - 1]!;
  const newTime = clock(retimed.dateTime) === '07:15' ? '07:20:00 AM' : '07:15:00 AM';
  // With a conflict: the copier set their own time on the same activity first (08:40 in their copy).
  const ownTime = '08:40:00 AM';
  if (conflict) {
    const copyDay1 = (await tripDays(request, copyId))[0]!;
    await setTime(request, copier.token, copyId, retimed, pickerDate(copyDay1.dateTime!), ownTime);
  }
  await setTime(request, author.token, tripId, retimed, pickerDate(day1.dateTime!), newTime);
  await setTime(request, author.token, tripId, moved, pickerDate(day3.dateTime!));

  const was = clock(retimed.dateTime);
  const timeLine = was
    ? text(t, 'tripUpdates.change.time', { name: retimed.title, time: clock(newTime)!, was })
    : text(t, 'tripUpdates.change.timeSet', { name: retimed.title, time: clock(newTime)! });
  const moveLine = text(t, 'tripUpdates.change.activityMove', {
    name: moved.title,
    // Day 3 is the copy's day 3 too (the answer lists both trips' day ids): named as the copy's page numbers it.
    day: text(t, 'tripUpdates.day.ours', { number: 3 }),
    was: text(t, 'tripUpdates.day.ours', { number: 1 }),
  });
  return {
    copier,
    copyId,
    tripId,
    tripTitle: await tripHeaderTitle(request, tripId),
    timeLine,
    moveLine,
    newTime: clock(newTime)!,
    ownTime: clock(ownTime)!,
  };
}

async function tripHeaderTitle(request: APIRequestContext, rideId: number) {
  const res = await request.get(`/api/ride_header_api/${rideId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { ride: { title: string } }).ride.title;
}

const banner = (page: Page) => page.getByTestId('updates-banner');

for (const lang of ['he', 'en'] as const) {
  test.describe(`a copy's updates from its original (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);

    test('the copier sees "2 updates" and the preview says both in words @phone', async ({
      page,
      request,
    }) => {
      const s = await setUp(request, lang, t);
      await signInThroughApi(page, request, s.copier.email, s.copier.password);
      await page.goto(`/single_ride_with_map/${s.copyId}`);

      await expect(banner(page)).toContainText(seen(plural(t, lang, 'tripUpdates.banner.count', 2)));
      const original = banner(page).getByRole('link', { name: seen(s.tripTitle) });
      await expect(original).toHaveAttribute('href', new RegExp(`/single_ride_with_map/${s.tripId}$`));
      await shot(page, `updates-banner-${lang}`, { fullPage: false });

      await banner(page)
        .getByRole('button', { name: text(t, 'tripUpdates.banner.see') })
        .click();
      const preview = page.getByRole('dialog', { name: text(t, 'tripUpdates.preview.title') });
      const lines = preview.getByTestId('updates-change');
      await expect(lines).toHaveCount(2);
      await expect(preview.getByRole('checkbox', { name: seen(s.timeLine) })).toBeChecked();
      await expect(preview.getByRole('checkbox', { name: seen(s.moveLine) })).toBeChecked();
      // Grouped by day: day 1 (the retime) and day 3 (where the move goes), the copy's own numbers.
      for (const number of [1, 3])
        await expect(
          preview.getByRole('heading', { name: text(t, 'tripUpdates.group.day', { number }) }),
        ).toBeVisible();
      await shot(page, `updates-preview-${lang}`, { fullPage: false });

      // The copy's owner's own switch of the mails of the original's pushes: on by default, turned off and kept.
      const mails = preview.getByRole('switch', { name: text(t, 'tripUpdates.notify.label') });
      await expect(mails).toBeChecked();
      await mails.uncheck();
      await expect(toast(page, text(t, 'tripUpdates.notify.off'))).toBeVisible();
      await expect(mails).not.toBeChecked();
      const settings = await request.get(`/api/trips/${s.copyId}/upstream`, { headers: auth(s.copier.token) });
      expect(((await settings.json()) as { notify: boolean }).notify).toBe(false);
    });

    test("the copier keeps the move for later, takes the original's time over their own, and takes it back @phone", async ({
      page,
      request,
    }) => {
      // The copier had set their own time on the activity the author retimed: a conflict with both values.
      const s = await setUp(request, lang, t, { conflict: true });
      await signInThroughApi(page, request, s.copier.email, s.copier.password);
      await page.goto(`/single_ride_with_map/${s.copyId}`);
      await expect(page.locator('#trip-day-1')).toContainText(s.ownTime);
      await banner(page)
        .getByRole('button', { name: text(t, 'tripUpdates.banner.see') })
        .click();
      const preview = page.getByRole('dialog', { name: text(t, 'tripUpdates.preview.title') });
      const conflict = preview.getByTestId('updates-conflict');
      await expect(conflict).toHaveCount(1);
      await expect(conflict).toContainText(text(t, 'tripUpdates.preview.theirs', { value: s.newTime }));
      await expect(conflict).toContainText(text(t, 'tripUpdates.preview.ours', { value: s.ownTime }));
      await shot(page, `updates-conflict-${lang}`, { fullPage: false });
      // The move waits; the conflict is resolved for the original's time.
      await preview.getByRole('checkbox', { name: seen(s.moveLine) }).uncheck();
      await conflict.getByRole('radio', { name: text(t, 'tripUpdates.preview.takeTheirs') }).check();
      await preview.getByRole('button', { name: text(t, 'tripUpdates.preview.take') }).click();
      await expect(preview).toBeHidden();

      const done = toast(page, plural(t, lang, 'tripUpdates.done', 1));
      await expect(done).toBeVisible();
      await expect(page.locator('#trip-day-1')).toContainText(s.newTime);
      await expect(page.locator('#trip-day-1')).not.toContainText(s.ownTime);
      await expect(banner(page)).toContainText(seen(plural(t, lang, 'tripUpdates.banner.count', 1)));

      // Undo: the copier's own time again, and both updates listed again.
      await done.getByRole('button', { name: text(t, 'tripEditing.undo') }).click();
      await expect(toast(page, text(t, 'tripUpdates.undone'))).toBeVisible();
      await expect(banner(page)).toContainText(seen(plural(t, lang, 'tripUpdates.banner.count', 2)));
      await expect(page.locator('#trip-day-1')).toContainText(s.ownTime);
      await expect(page.locator('#trip-day-1')).not.toContainText(s.newTime);
    });
  });
}
