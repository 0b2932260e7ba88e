import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/**
 * Issue 4 (web): the home page's destination box, /search_ride and /search_ride_by_name against the demo data
 * (decision 0013: "Dead Sea" finds trips 1 and 183, "Rome" 719, "Tiberias" 1, 183 and 843; Zurich nothing).
 */

const cards = (page: Page) => page.locator('article[data-ride-id]');
const rideIds = async (page: Page) =>
  (await cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-ride-id'))))).sort(
    (a, b) => a - b,
  );

/** The hero box: a plain input that becomes the combobox on first focus (it keeps focus and text). */
async function heroBox(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).click();
  const box = page.getByRole('combobox', { name: label, exact: true });
  await expect(box).toBeFocused();
  return box;
}

test.describe('search (he)', () => {
  test.use({ lang: 'he' });

  test('from the home page, "ים המלח" finds the place and demo trips 1 and 183 @phone', async ({ page }) => {
    await page.goto('/');
    const box = await heroBox(page, 'לאן טסים?');
    await box.pressSequentially('ים המלח', { delay: 20 });
    const option = page.getByRole('option', { name: /ים המלח/ }).first();
    await expect(option).toBeVisible();
    await expect(option).toContainText('ישראל');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // Enter with nothing highlighted takes the first suggestion.
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search_ride\?lat=31\.\d+&lng=35\.\d+&place=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('place') ?? '')).toBe('ים המלח');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('טיולים באזור ים המלח');
    await expect(cards(page)).toHaveCount(2);
    expect(await rideIds(page)).toEqual([1, 183]);
    // Each card: title, days, dates, text, and the way to the route.
    const first = cards(page).first();
    await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
    await expect(first).toContainText('14 ימים');
    await expect(first).toContainText(/\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    await first.getByRole('link', { name: /צפייה במסלול/ }).click();
    await expect(page).toHaveURL(/\/single_ride_with_map\/(1|183)$/);
  });

  test('free text where a place is required: please_use_auto_compleate, the text kept', async ({ page }) => {
    await page.goto('/search_ride');
    const box = page.getByRole('combobox', { name: 'יעד' });
    await box.fill('קקקקזזזז');
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await expect(page.getByText('נא לבחור מקום מרשימת ההצעות.')).toBeVisible();
    await expect(box).toHaveValue('קקקקזזזז');
    await expect(page).toHaveURL(/\/search_ride$/);
    // Enter on text that has no suggestion says the same.
    await box.fill('זזזזקקקק');
    await expect(page.getByText('נא לבחור מקום מרשימת ההצעות.')).toBeHidden();
    await box.press('Enter');
    await expect(page.getByText('נא לבחור מקום מרשימת ההצעות.')).toBeVisible();
  });
});

test.describe('search (en)', () => {
  test.use({ lang: 'en' });

  test('from the home page, "Rome" finds trip 719 @phone', async ({ page }) => {
    await page.goto('/');
    const box = await heroBox(page, 'Where are you flying to?');
    await box.pressSequentially('Rome', { delay: 20 });
    const option = page.getByRole('option', { name: /^Rome\s*Italy/ });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/search_ride\?lat=41\.\d+&lng=12\.\d+&place=Rome$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trips in and around Rome');
    await expect(cards(page)).toHaveCount(1);
    expect(await rideIds(page)).toEqual([719]);
    // Shared by address: a new tab with the same URL shows the same search.
    const again = await page.context().newPage();
    await again.goto(page.url());
    await expect(cards(again)).toHaveCount(1);
    await expect(again.getByRole('combobox', { name: 'Destination' })).toHaveValue('Rome');
  });

  test('keyboard: arrows highlight a suggestion, Enter takes it, Escape closes', async ({ page }) => {
    await page.goto('/search_ride');
    const box = page.getByRole('combobox', { name: 'Destination' });
    await box.fill('Rome');
    await expect(page.getByRole('option').first()).toBeVisible();
    const count = await page.getByRole('option').count();
    expect(count).toBeGreaterThan(1);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const second = page.getByRole('option').nth(1);
    await expect(second).toHaveAttribute('id', active!);
    const name = (await second.locator('span').first().innerText()).split('\n')[0]!.trim();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`place=${encodeURIComponent(name).replace(/%20/g, '\\+')}`));
    await box.fill('Rom');
    await expect(page.getByRole('listbox')).toBeVisible();
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('the plane searches by name; an empty box goes to the general search', async ({ page }) => {
    await page.goto('/');
    const box = await heroBox(page, 'Where are you flying to?');
    await box.fill('Tiberias');
    await page.getByRole('button', { name: 'Search by the typed name' }).click();
    await expect(page).toHaveURL(/\/search_ride_by_name\/Tiberias$/);
    await expect(page.getByText('Results for “Tiberias” by the place:')).toContainText(
      'Tiberias, Northern District, Israel',
    );
    await expect(cards(page)).toHaveCount(3);
    expect(await rideIds(page)).toEqual([1, 183, 843]);

    await page.goto('/');
    await page.getByRole('button', { name: 'Search by the typed name' }).click();
    await expect(page).toHaveURL(/\/search_ride$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search shared trips');
    await expect(cards(page).first()).toBeVisible();

    // A name no place has.
    await page.goto('/search_ride_by_name/Qqqxxzz');
    await expect(page.getByText('We found no place called “Qqqxxzz”.')).toBeVisible();
    // No name at all: the attraction search (001 §2).
    await page.goto('/search_ride_by_name/');
    await expect(page).toHaveURL(/\/serch_attractions_with_map$/);
  });

  test('the limited-mobility filter filters (as the API does), and back/forward follow the address', async ({
    page,
    request,
  }) => {
    // What the demo says: which trips near the Dead Sea are marked suitable for limited mobility.
    const api = await request.get('/api/global_rides_api?lat=31.559&lng=35.4732&physicalDisabilities=true');
    const suitable = ((await api.json()) as { rides: { id: number }[] }).rides
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const all = await request.get('/api/global_rides_api?lat=31.559&lng=35.4732');
    expect(((await all.json()) as { rides: { physical_disabilities: boolean }[] }).rides.length).toBe(2);

    await page.goto('/search_ride?lat=31.559&lng=35.4732&place=Dead%20Sea');
    await expect(cards(page)).toHaveCount(2);
    const filter = page.getByRole('checkbox', {
      name: 'Only trips suitable for people with limited mobility',
    });
    await filter.check();
    await expect(page).toHaveURL(/mobility=1/);
    if (suitable.length === 0) {
      await expect(page.getByText("We don't have shared vacations for this place yet.")).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    } else {
      await expect(cards(page)).toHaveCount(suitable.length);
      expect(await rideIds(page)).toEqual(suitable);
    }
    await page.goBack();
    await expect(filter).not.toBeChecked();
    await expect(cards(page)).toHaveCount(2);
    await page.goForward();
    await expect(filter).toBeChecked();
  });

  test('an empty result says so', async ({ page }) => {
    await page.goto('/search_ride');
    const box = page.getByRole('combobox', { name: 'Destination' });
    await box.fill('Zurich');
    await expect(page.getByRole('option', { name: /Zürich/ }).first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/place=Z%C3%BCrich/);
    await expect(page.getByText("We don't have shared vacations for this place yet.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
  });

  test('a failed search offers a retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/global_rides_api?*', (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await page.goto('/search_ride?lat=41.89193&lng=12.51133&place=Rome');
    await expect(page.getByRole('alert')).toContainText("We couldn't load the trips");
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page)).toHaveCount(1);
  });
});
