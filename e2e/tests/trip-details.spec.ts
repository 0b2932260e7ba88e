import { SMTP_APP_PORT } from '../playwright.config.js';
import { expect, test } from '../support/fixtures.js';
import { locale, text } from '../support/editing.js';
import { signInThroughApi, TRAVELLER } from '../support/session.js';

/**
 * Issue 22 point 4, the trip page's remaining details (000 §2): the sub-navigation of a loaded trip, a private trip's
 * copy-private-link dialog, and the summary area hidden for the trips the configuration names. The trip page takes
 * the trip's language (000 §4): each language opens a trip written in it (Hebrew 843, English 72).
 */
const TRIPS = { he: 843, en: 72 } as const;

for (const lang of ['he', 'en'] as const) {
  const L = locale(lang);
  const rideId = TRIPS[lang];
  test.describe(`trip page details (${lang})`, () => {
    test.use({ lang });

    test("the sub-navigation leads to the trip's accommodations and back, and shares a public trip @phone", async ({
      page,
    }) => {
      await page.goto(`/single_ride_with_map/${rideId}`);
      const nav = page.getByRole('navigation', { name: text(L, 'tripSubNav.label') });
      const activities = nav.getByRole('link', { name: text(L, 'tripSubNav.activities') });
      const stays = nav.getByRole('link', { name: text(L, 'tripSubNav.accommodations') });
      await expect(activities).toHaveAttribute('aria-current', 'page');
      await expect(stays).not.toHaveAttribute('aria-current', 'page');
      // A public trip: its action is "share", never the private link.
      await expect(page.getByRole('button', { name: text(L, 'accessKeys.privateLink.button') })).toHaveCount(
        0,
      );
      await page.getByRole('button', { name: text(L, 'trip.share.button'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: text(L, 'trip.share.titleTrip') })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await stays.click();
      await expect(page).toHaveURL(new RegExp(`/ride_checklist/${rideId}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: text(L, 'accommodations.checklistTitle') }),
      ).toBeVisible();
      await expect(nav.getByRole('link', { name: text(L, 'tripSubNav.accommodations') })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await nav.getByRole('link', { name: text(L, 'tripSubNav.activities') }).click();
      await expect(page).toHaveURL(new RegExp(`/single_ride_with_map/${rideId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

test.describe("a private trip's link (he: the private demo trip 228 is Hebrew)", () => {
  test.use({ lang: 'he' });
  const L = locale('he');

  test('a client who may open the private trip copies its private link from the trip page @phone', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, request, TRAVELLER);
    await page.goto('/single_ride_with_map/228');
    await expect(page.getByRole('navigation', { name: text(L, 'tripSubNav.label') })).toBeVisible();
    // Private: no social sharing; the private link instead.
    await expect(page.getByRole('button', { name: text(L, 'trip.share.button'), exact: true })).toHaveCount(
      0,
    );
    await page.getByRole('button', { name: text(L, 'accessKeys.privateLink.button') }).click();
    const dialog = page.getByRole('dialog', { name: text(L, 'accessKeys.privateLink.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(/\/single_ride_with_map\/228$/);
    await dialog.getByRole('button', { name: text(L, 'accessKeys.privateLink.close') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('the summary area hidden by configuration (he)', () => {
  // The "smtp" server of playwright.config.ts is started with SUMMARY_HIDDEN_RIDE_IDS=183.
  test.use({ lang: 'he', baseURL: `http://127.0.0.1:${SMTP_APP_PORT}` });

  test('a configured trip shows its days without the summary; another trip keeps it', async ({ page }) => {
    await page.goto('/single_ride_with_map/183');
    await expect(page.locator('#trip-day-1')).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await page.goto('/single_ride_with_map/1');
    await expect(page.getByRole('tablist')).toBeVisible();
  });
});
