import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { auth, copyOf, EDITING_BASE_URL, locale, newUser, shot, text, toast } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';

/**
 * Live updates (issue 33 point 2, decision 0064): two people on one trip in two browsers; one changes it, the other's
 * page shows the change in place (no reload: a mark left on the window survives, the scroll position stays) and says
 * who changed what; each sees the other in presence with the day they look at. The trip is a public copy of the
 * traveller's Hebrew trip made for the test (on the editing server: copies are searchable).
 */
test.use({ baseURL: EDITING_BASE_URL });

async function dayActivities(request: APIRequestContext, token: string, rideId: number) {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`, { headers: auth(token) });
  return (
    (await res.json()) as { attractionsByDay: { daily_attractions: { id: number; title: string }[] }[] }
  ).attractionsByDay;
}

/** A second person's browser: their own context, the app in `lang`, signed in with their session. */
async function personPage(
  browser: Browser,
  lang: 'he' | 'en',
  session: { token: string; userName: string },
  phone = false,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: EDITING_BASE_URL,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(
    ({ l, s }) => {
      localStorage.setItem('selectedLanguage', l);
      localStorage.setItem('cookieConsent', 'true');
      localStorage.setItem('token', s.token);
      localStorage.setItem('userName', s.userName);
    },
    { l: lang, s: session },
  );
  return context.newPage();
}

for (const lang of ['he', 'en'] as const) {
  test(`two people on one trip: an activity removed by the owner leaves the other's page without a reload, and each sees the other (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = locale(lang);
    const owner = await newUser(request, `live-owner-${lang}`, 'Dana', { signIn: true });
    const guest = await newUser(request, `live-guest-${lang}`, 'Avi', { signIn: true });
    const rideId = await copyOf(request, owner.token, lang === 'he' ? 843 : 72);
    const days = await dayActivities(request, owner.token, rideId);
    const removed = days.flatMap((d) => d.daily_attractions)[0];
    if (!removed) throw new Error('the trip has no activity');

    const ownerPage = await personPage(browser, lang, { token: owner.token, userName: 'Dana' });
    // The guest reads on a phone in English, on a desktop in Hebrew.
    const guestPage = await personPage(browser, lang, { token: guest.token, userName: 'Avi' }, lang === 'en');
    await ownerPage.goto(`/single_ride_with_map/${rideId}`);
    await guestPage.goto(`/single_ride_with_map/${rideId}`);
    const card = guestPage.locator('article, li, div').filter({ hasText: removed.title }).first();
    await expect(card).toBeVisible();
    await guestPage.evaluate(
      () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
    );

    // Presence: the guest sees the owner, the owner sees the guest (names as their accounts have them).
    await expect(guestPage.getByTestId('live-presence-user')).toHaveCount(1, { timeout: 15_000 });
    await expect(ownerPage.getByTestId('live-presence-user')).toHaveCount(1, { timeout: 15_000 });
    await expect(guestPage.getByRole('group', { name: text(t, 'live.presence.label') })).toContainText(
      'Dana',
    );

    // Which day: the owner's avatar sits in the header of the day they scrolled to, and follows them to another.
    const ownerOn = (day: number) => guestPage.locator(`#trip-day-${day}`).getByTestId('live-presence-day');
    const scrollOwnerTo = (day: number) =>
      ownerPage.evaluate((d) => document.getElementById(`trip-day-${d}`)?.scrollIntoView({ block: 'start' }), day);
    await scrollOwnerTo(2);
    await expect(ownerOn(2)).toHaveCount(1, { timeout: 15_000 });
    await scrollOwnerTo(3);
    await expect(ownerOn(3)).toHaveCount(1, { timeout: 15_000 });
    await expect(ownerOn(2)).toHaveCount(0);

    // The owner removes the activity (the call their page makes); the guest's page drops it in place.
    const res = await request.get(`/api/remove_attraction_from_ride_api/${rideId}/${removed.id}`, {
      headers: auth(owner.token),
    });
    expect(res.ok(), await res.text()).toBe(true);
    await expect(guestPage.getByText(removed.title, { exact: true })).toHaveCount(0, { timeout: 5_000 });
    await expect(toast(guestPage, 'Dana')).toBeVisible();
    expect(
      await guestPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await shot(guestPage, `trip-live-${lang}`, { fullPage: false });

    // The owner leaves: gone from the guest's presence (the stream's end, at once).
    await ownerPage.close();
    await expect(guestPage.getByTestId('live-presence-user')).toHaveCount(0, { timeout: 10_000 });
    await guestPage.context().close();
  });
}
