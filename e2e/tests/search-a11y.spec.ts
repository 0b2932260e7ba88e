import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { axe } from '../support/axe.js';

/** The search screens of issue 4 in both languages: no WCAG 2 A/AA violations that axe can find. */
const PAGES = [
  '/search_ride',
  '/search_ride?lat=31.559&lng=35.4732&place=Dead%20Sea',
  // An empty result.
  '/search_ride?lat=47.36667&lng=8.55&place=Zurich&mobility=1',
  '/search_ride_by_name/Rome',
  '/search_ride_by_name/Qqqxxzz',
];

async function violations(page: Page) {
  const result = await axe(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`search accessibility (${lang})`, () => {
    test.use({ lang });

    test('search pages @phone', async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Settled: the cards, the empty text or the no-place text, not the loading placeholders.
        await expect(page.locator('[aria-busy="true"], [role="status"][aria-label]')).toHaveCount(0);
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('the open suggestion list', async ({ page }) => {
      await page.goto('/search_ride');
      const box = page.getByRole('combobox', { name: lang === 'he' ? 'יעד' : 'Destination' });
      await box.fill(lang === 'he' ? 'רומא' : 'Rome');
      await expect(page.getByRole('option').first()).toBeVisible();
      await box.press('ArrowDown');
      expect(await violations(page), 'suggestions').toEqual([]);
      // The home page's box once it has become the combobox.
      await page.goto('/');
      const label = lang === 'he' ? 'לאן טסים?' : 'Where are you flying to?';
      await page.getByLabel(label, { exact: true }).click();
      const hero = page.getByRole('combobox', { name: label, exact: true });
      await expect(hero).toBeFocused();
      await hero.fill(lang === 'he' ? 'ים המלח' : 'Dead Sea');
      await expect(page.getByRole('option').first()).toBeVisible();
      expect(await violations(page), 'home suggestions').toEqual([]);
    });
  });
}
