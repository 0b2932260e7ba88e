import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { axe } from '../support/axe.js';

/**
 * /serch_attractions_with_map (001 §2): pick a place, see the attractions of shared trips near it on a map and in a
 * numbered list (the demo's Rome trip 719 has more than a dozen); /search_ride_by_name with an empty name comes here.
 */
const TEXT = {
  he: { box: 'איפה לחפש?', query: 'רומא', heading: 'אטרקציות ליד רומא', map: 'מפת האטרקציות שנמצאו', title: 'חיפוש אטרקציות על המפה' },
  en: { box: 'Where to look?', query: 'Rome', heading: 'Attractions near Rome', map: 'Map of the attractions found', title: 'Find attractions on the map' },
} as const;

const cards = (page: Page) => page.locator('article[data-attraction-id]');

async function violations(page: Page) {
  const result = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['he', 'en'] as const) {
  const tx = TEXT[lang];
  test.describe(`attraction map search (${lang})`, () => {
    test.use({ lang });

    test('a picked place shows the attractions near it, nearest first, on the map and in the list @phone', async ({ page }) => {
      await page.goto('/serch_attractions_with_map');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.title);
      // No place yet: the map is there (default view) and the page asks for a place.
      await expect(page.getByRole('region', { name: tx.map })).toBeVisible();
      expect(await violations(page), 'no place').toEqual([]);

      const box = page.getByRole('combobox', { name: tx.box });
      await box.pressSequentially(tx.query, { delay: 20 });
      await expect(page.getByRole('option').first()).toBeVisible();
      await box.press('Enter');
      await expect(page).toHaveURL(/\/serch_attractions_with_map\?lat=41\.\d+&lng=12\.\d+&place=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx.heading);
      await expect(cards(page).first()).toBeVisible();
      const count = await cards(page).count();
      expect(count).toBeGreaterThan(5);
      // Nearest first: the distances in the list never decrease.
      const km = await cards(page).evaluateAll((els) =>
        els.map((e) => Number((e.textContent ?? '').match(/(\d+\.\d)/)?.[1])),
      );
      expect(km).toEqual([...km].sort((a, b) => a - b));
      expect(km[0]).toBeLessThan(5);

      // One numbered pin per attraction; a pin brings its card into focus.
      const map = page.getByRole('region', { name: tx.map });
      const pins = map.getByRole('button', { name: /^\S+: / });
      await expect(pins).toHaveCount(count);
      const firstTitle = await cards(page).first().getByRole('heading', { level: 3 }).innerText();
      await map.getByRole('button', { name: new RegExp(`^1: `) }).focus();
      await page.keyboard.press('Enter');
      await expect(cards(page).first()).toBeFocused();
      expect(firstTitle).not.toBe('');

      expect(await violations(page), 'results').toEqual([]);
    });
  });
}

test.describe('attraction map search: other ways in', () => {
  test('an empty name search goes to the attraction search @phone', async ({ page }) => {
    await page.goto('/search_ride_by_name/');
    await expect(page).toHaveURL(/\/serch_attractions_with_map$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.title);
  });

  test('a place with nothing near says so; the address keeps the search', async ({ page }) => {
    await page.goto('/serch_attractions_with_map?lat=-40&lng=-140&place=Pacific');
    await expect(page.getByRole('status').filter({ hasText: 'We have no attractions near Pacific yet' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});
