import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { TRAVELLER, signInThroughApi } from '../support/session.js';

/**
 * Offline (002 §2.10, §4; issue 3 item 7) against the built app: the service worker precaches the shell, the last
 * five trips are kept on the device, going offline opens /offline_ride_view and coming back returns to the trip.
 * Service workers work on http://127.0.0.1 (a secure context).
 */
const TRIP_1 = 'ישראל מצפון לדרום';
const TRIP_183 = 'Israel for first-timers';
const TRIP_228 = 'שוויץ ואוסטריה ברכבת';

/** What the device keeps: the saved trips (newest first), lastRideId, and the service worker's cached trip reads. */
const onDevice = (page: Page) =>
  page.evaluate(async () => {
    const list = JSON.parse(localStorage.getItem('rides.offlineTrips.v37') ?? '[]') as { id: number }[];
    const cache = (await caches.has('rides-trips-v37')) ? await caches.open('rides-trips-v37') : null;
    const reads = cache ? (await cache.keys()).map((r) => new URL(r.url).pathname).sort() : [];
    return { saved: list.map((t) => t.id), last: localStorage.getItem('lastRideId'), reads };
  });
const readsOf = (id: number) => [
  `/api/ride_attractions_api/${id}`,
  `/api/ride_header_api/${id}`,
  `/api/user_info_from_ride_id_api/${id}`,
];

test.describe('offline', () => {
  // The service worker is this spec's subject (the config blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });
  test('going offline shows the saved trips; reloading works offline; coming back returns to the trip', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const title = page.getByRole('heading', { level: 1 });
    await page.goto('/single_ride_with_map/1');
    await expect(title).toContainText(TRIP_1);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(title).toContainText(TRIP_1);

    await page.goto('/single_ride_with_map/183');
    await expect(title).toContainText(TRIP_183);
    // The days below the first two render in the next frames: scroll until the page is long enough.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 700);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(600);

    await context.setOffline(true);
    await expect(page).toHaveURL(/\/offline_ride_view$/);
    // The position that coming back restores, as the page kept it on leaving (nothing moved it meanwhile).
    const kept = (await page.evaluate(() => JSON.parse(localStorage.getItem('scrollPosition') ?? 'null'))) as {
      path: string;
      y: number;
    } | null;
    expect(kept?.path).toBe('/single_ride_with_map/183');
    expect(kept?.y).toBeGreaterThan(600);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(title).toHaveText(TRIP_183);
    const days = page.getByRole('tablist', { name: 'Days of the trip' });
    await expect(days.getByRole('tab')).toHaveCount(14);
    await expect(days.getByRole('tab', { name: 'Day 1', exact: true })).toHaveAttribute('aria-selected', 'true');
    await days.getByRole('tab', { name: 'Day 2', exact: true }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toContainText('Day 2');
    // An activity's own navigation link, and the whole day's (issue 19 point 5: from the night's stay, every stop).
    const panel = page.getByRole('tabpanel');
    await expect(
      panel.getByRole('link', { name: /Google Maps/ }).and(page.locator(':not([data-testid="day-maps-link"])')).first(),
    ).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    await expect(panel.getByTestId('day-maps-link').first()).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&origin=.+&destination=/,
    );

    // Reloading while offline: the shell and the page's chunk come from the precache, the trip from local storage.
    await page.reload();
    await expect(title).toHaveText(TRIP_183);
    await expect(days.getByRole('tab')).toHaveCount(14);

    // Both trips can be picked, the most recent first.
    const picker = page.getByRole('navigation', { name: 'Trips saved on this device' });
    await expect(picker.getByRole('button')).toHaveText([TRIP_183, new RegExp(`^${TRIP_1}`)]);
    await picker.getByRole('button', { name: TRIP_1 }).click();
    await expect(title).toContainText(TRIP_1);
    await expect(page.locator('article[dir="rtl"]')).toBeVisible();
    await picker.getByRole('button', { name: TRIP_183 }).click();
    await expect(title).toHaveText(TRIP_183);

    // Back online: the trip page again, at the position we left.
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/single_ride_with_map\/183$/);
    await expect(title).toContainText(TRIP_183);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  });

  test('signing out removes the private trips kept on the device and keeps the public ones', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(60_000);
    const title = page.getByRole('heading', { level: 1 });
    await page.goto('/single_ride_with_map/1');
    await expect(title).toContainText(TRIP_1);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The demo traveller was given access to the private trip 228.
    await signInThroughApi(page, request, TRAVELLER);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // A trip is kept once its page is up (the keeping's code loads after the page): each is waited for before leaving.
    await page.goto('/single_ride_with_map/228');
    await expect(title).toContainText(TRIP_228);
    await expect.poll(async () => (await onDevice(page)).saved).toEqual([228, 1]);
    await page.goto('/single_ride_with_map/183');
    await expect(title).toContainText(TRIP_183);
    await expect.poll(async () => (await onDevice(page)).reads).toEqual(expect.arrayContaining([...readsOf(228), ...readsOf(183)]));
    await expect.poll(async () => (await onDevice(page)).saved).toEqual([183, 228, 1]);

    // Signing out on a page that reads no trip, so what the device keeps afterwards is only what sign-out left.
    await page.goto('/about');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(async () => (await onDevice(page)).reads.filter((r) => r.endsWith('/228'))).toEqual([]);
    const after = await onDevice(page);
    expect(after.saved).toEqual([183, 1]);
    expect(after.last).toBe('183');
    expect(after.reads).toEqual(expect.arrayContaining(readsOf(183)));

    // Offline, only the public trips are left to read.
    await context.setOffline(true);
    await expect(page).toHaveURL(/\/offline_ride_view$/);
    const picker = page.getByRole('navigation', { name: 'Trips saved on this device' });
    await expect(picker.getByRole('button')).toHaveText([TRIP_183, new RegExp(`^${TRIP_1}`)]);
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/about$/);

    // A session that ended with no page open to hear it (expired while the tab was closed): the next start clears them.
    await signInThroughApi(page, request, TRAVELLER);
    await page.goto('/single_ride_with_map/228');
    await expect(title).toContainText(TRIP_228);
    await expect.poll(async () => (await onDevice(page)).reads).toEqual(expect.arrayContaining(readsOf(228)));
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/');
    await expect.poll(async () => (await onDevice(page)).reads.filter((r) => r.endsWith('/228'))).toEqual([]);
    expect((await onDevice(page)).saved).toEqual([183, 1]);
  });

  test('a page opened fresh does not take the scroll position of the page the tab showed before', async ({ page }) => {
    // The router keeps positions by history entry, and every document's first entry has the same key: the trip 183
    // page used to be scrolled, once rendered, to where trip 1 was left (and a scroll made before that was undone).
    await page.addInitScript(() => {
      const w = window as unknown as { __maxScroll: number };
      w.__maxScroll = 0;
      window.addEventListener('scroll', () => (w.__maxScroll = Math.max(w.__maxScroll, window.scrollY)), { passive: true });
    });
    await page.goto('/single_ride_with_map/1');
    await expect(page.locator('#trip-day-14')).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2400);
    await page.goto('/single_ride_with_map/183');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIP_183);
    // Every day rendered (the last frames of the page), and the trip's own restore (200 ms after it) has run.
    await expect(page.locator('#trip-day-14')).toBeAttached();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    expect(await page.evaluate(() => (window as unknown as { __maxScroll: number }).__maxScroll)).toBe(0);
    // A reload still restores the page's own position.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThanOrEqual(1500);
  });

  test('/redirect_to_cached_ride_if_exists goes home with nothing saved, and to the last trip after one', async ({
    page,
  }) => {
    await page.goto('/redirect_to_cached_ride_if_exists');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/single_ride_with_map/183');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIP_183);
    await page.goto('/redirect_to_cached_ride_if_exists');
    await expect(page).toHaveURL(/\/single_ride_with_map\/183$/);
  });

  test('with nothing saved the offline view says so and links home @phone', async ({ page }) => {
    await page.goto('/offline_ride_view');
    await expect(page.getByRole('heading', { level: 1, name: 'No trip saved yet' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('without a service worker', () => {
    test.use({ serviceWorkers: 'block' });
    test('a network failure while loading a trip opens the offline view', async ({ page }) => {
      await page.goto('/single_ride_with_map/183');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIP_183);
      await page.route('**/api/ride_attractions_api/**', (route) => route.abort('internetdisconnected'));
      // Within the app (a loaded page's HTML already carries its trip for a visitor): the router moves to trip 1.
      await page.evaluate(() => {
        window.history.pushState(null, '', '/single_ride_with_map/1');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page).toHaveURL(/\/offline_ride_view$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TRIP_183);
      // The connection works (only the trip call failed): the page offers the way back instead of leaving by itself.
      await expect(page.getByRole('button', { name: 'Back to the live trip' })).toBeVisible();
    });
  });
});
