import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { EDITING_BASE_URL, locale, PLANNER, text } from '../support/editing.js';
import { signInAsNewUser, signInThroughApi } from '../support/session.js';

/**
 * The screens only managers (and, for the admin screens, only the platform admin) may open send everyone else to the
 * home page, in Hebrew and English: one signed-in page walks them all, as each of these refusals is one navigation.
 * (They were a test each in categories, planner-library, uniqueness-groups, admin-billing and admin-devices; the
 * screens' own journeys stay there. docs/testing.md.) On the editing server: it registers a reader.
 */
test.use({ baseURL: EDITING_BASE_URL });

/** The manager screens and the heading each shows to a manager. */
const MANAGER_SCREENS = [
  ['/admin/categories', 'categories.title'],
  ['/ride_manager_attraction', 'plannerLibrary.title'],
  ['/editing_atractions_uniqnes', 'uniquenessGroups.title'],
] as const;
/** The platform admin's screens: a planner (a manager) is sent home from them too. */
const ADMIN_SCREENS = ['/admin/ride_manager_billing', '/admin/one_time_access_usage', '/admin/device_management'];

for (const lang of ['he', 'en'] as const) {
  test.describe(`manager-only screens (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);

    test('a reader is sent home from the manager screens, a planner from the admin screens, and has no admin link', async ({
      page,
      request,
    }) => {
      await page.goto('/');
      await signInAsNewUser(page, request, uniqueEmail(`manager-screens-${lang}`), 'Reader');
      for (const [path, title] of MANAGER_SCREENS) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/$/);
        await expect(page.getByRole('heading', { level: 1, name: text(t, title) }), path).toHaveCount(0);
      }

      await signInThroughApi(page, request, PLANNER);
      for (const path of ADMIN_SCREENS) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/$/);
      }
      await expect(page.getByRole('link', { name: text(t, 'nav.admin') })).toHaveCount(0);
    });
  });
}
