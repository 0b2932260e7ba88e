import type { APIRequestContext } from '@playwright/test';
import { auth, copyOf, EDITING_BASE_URL, locale, login, PLANNER, seen, shot, text } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

/**
 * The planner's library (001 §2 /ride_manager_attraction, issue 22) in Hebrew (desktop) and English (phone): the demo
 * planner opens it from the account menu, searches it, sorts it, opens an attraction's editor; then adds one of their
 * attractions to a trip of theirs from the add-activity page's "add from my list". Anyone else is sent to / (manager-screens.spec.ts).
 * On the editing server: the test adds to a copy it makes. SHOTS_DIR=<dir> writes screenshots for review.
 */
test.use({ baseURL: EDITING_BASE_URL });

interface Library {
  attractions: { id: number; title: string; text: string }[];
}
async function readLibrary(request: APIRequestContext, token: string): Promise<Library> {
  const res = await request.get('/api/fetch_ride_manager_attractions', { headers: auth(token) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Library;
}
async function tripAttractionIds(request: APIRequestContext, token: string, rideId: number): Promise<number[]> {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`, { headers: auth(token) });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { attractionsByDay: { daily_attractions: { id: number }[] }[] };
  return body.attractionsByDay.flatMap((d) => d.daily_attractions.map((a) => a.id));
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`planner library (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 120_000 });
    const t = locale(lang);
    // The add-activity page takes the trip's language (000 §4): Hebrew on copies of 843, English of 72.
    const TRIP = lang === 'he' ? 843 : 72;

    test('the planner opens the library, searches, sorts and opens an editor @phone', async ({ page, request, isMobile }) => {
      const token = await login(request, PLANNER);
      const library = await readLibrary(request, token);
      expect(library.attractions.length, 'the demo planner has attractions').toBeGreaterThan(1);
      await signInThroughApi(page, request, PLANNER);
      await page.goto('/');
      // Where a planner looks for it: the account controls (desktop) or the menu (phone).
      if (isMobile) await page.getByRole('button', { name: text(t, 'nav.openMenu') }).click();
      await page.getByRole('link', { name: text(t, 'nav.plannerLibrary') }).first().click();
      await expect(page).toHaveURL(/\/ride_manager_attraction$/);
      await expect(page.getByRole('heading', { level: 1, name: text(t, 'plannerLibrary.title') })).toBeVisible();
      const rows = page.locator('tbody tr');
      await expect(rows).toHaveCount(library.attractions.length);
      await expect(page.getByRole('link', { name: text(t, 'plannerLibrary.categories') })).toHaveAttribute('href', '/admin/categories');
      // Newest first: the server's order.
      await expect(rows.first().getByRole('rowheader')).toHaveText(library.attractions[0]!.title);
      await shot(page, `planner-library-${lang}`, { fullPage: false });

      // Sorted by title: the rows follow the page language's alphabetical order.
      await page.getByRole('radiogroup', { name: text(t, 'plannerLibrary.sortBy') }).getByText(text(t, 'plannerLibrary.sortTitle')).click();
      const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
      const sorted = [...library.attractions].sort((a, b) => collator.compare(a.title, b.title) || b.id - a.id);
      await expect(rows.first().getByRole('rowheader')).toHaveText(sorted[0]!.title);
      await expect(rows.last().getByRole('rowheader')).toHaveText(sorted.at(-1)!.title);

      // The search (title or description) keeps only the matching rows.
      const target = library.attractions.find((a) => library.attractions.filter((b) => b.title === a.title).length === 1)!;
      const search = page.getByRole('searchbox', { name: text(t, 'plannerLibrary.search') });
      await search.fill(target.title.toUpperCase());
      await expect(rows.filter({ hasText: target.title }).first()).toBeVisible();
      const matching = library.attractions.filter((a) => a.title.toLocaleLowerCase().includes(target.title.toLocaleLowerCase())).length;
      expect(await rows.count()).toBeGreaterThanOrEqual(matching);
      expect(await rows.count()).toBeLessThan(library.attractions.length);
      await shot(page, `planner-library-search-${lang}`, { fullPage: false });
      await search.fill(`${target.title} no such words zz`);
      await expect(page.getByText(text(t, 'plannerLibrary.noMatch'))).toBeVisible();
      await expect(rows).toHaveCount(0);
      await search.fill(target.title);

      // Edit opens the attraction editor on that attraction.
      await page.getByRole('link', { name: text(t, 'plannerLibrary.editNamed', { title: target.title }) }).click();
      await expect(page).toHaveURL(new RegExp(`/attractionInformation\\?attractionId=${target.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: text(t, 'attractionEditor.editTitle') })).toBeVisible();
      await expect(page.getByRole('textbox', { name: text(t, 'attractionEditor.title'), exact: true })).toHaveValue(target.title);
    });

    test('"add from my list" adds a library attraction to the chosen day of the planner\'s trip @phone', async ({ page, request }) => {
      const token = await login(request, PLANNER);
      // The planner's own copy, duplicated again: a new trip for every run.
      const rideId = await copyOf(request, token, await copyOf(request, token, TRIP));
      const before = await tripAttractionIds(request, token, rideId);
      const library = await readLibrary(request, token);
      const pick = library.attractions.find(
        (a) => !before.includes(a.id) && library.attractions.filter((b) => b.title === a.title).length === 1,
      );
      expect(pick, 'a library attraction not in the trip').toBeDefined();
      await signInThroughApi(page, request, PLANNER);
      await page.goto(`/add_new_attraction_to_ride?rideId=${rideId}&day=2`);
      const section = page.getByRole('region', { name: text(t, 'addActivity.fromLibrary') });
      await expect(section).toBeVisible();
      const add = section.getByRole('button', { name: text(t, 'addActivity.libraryAdd', { number: 2 }) });
      await expect(add).toBeDisabled();
      await section.getByRole('combobox', { name: text(t, 'addActivity.libraryPick') }).fill(pick!.title);
      await page.getByRole('option', { name: pick!.title, exact: true }).click();
      await shot(page, `add-from-library-${lang}`, { fullPage: false });
      await add.click();
      await expect(page.getByText(seen(text(t, 'addActivity.added', { title: pick!.title, number: 2 })))).toBeVisible();
      const res = await request.get(`/api/ride_attractions_api/${rideId}`, { headers: auth(token) });
      const day2 = ((await res.json()) as { attractionsByDay: { daily_attractions: { id: number }[] }[] }).attractionsByDay[1]!;
      expect(day2.daily_attractions.map((a) => a.id)).toContain(pick!.id);
    });
  });
}
