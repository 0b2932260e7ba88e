import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { axe } from '../support/axe.js';

async function violations(page: Page) {
  const result = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The trip pages of issue 3 in both starting languages: no WCAG 2 A/AA violations axe can find. */
for (const lang of ['he', 'en'] as const) {
  test.describe(`trip accessibility (${lang})`, () => {
    test.use({ lang });

    for (const id of [1, 183]) {
      test(`/single_ride_with_map/${id} @phone`, async ({ page }) => {
        await page.goto(`/single_ride_with_map/${id}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: /^(How it works|איך זה עובד)$/ })).toBeAttached();
        expect(await violations(page), `trip ${id}`).toEqual([]);
      });
    }

    test('full-screen map and share modal', async ({ page }) => {
      await page.goto('/full_screen_single_ride_map/183/2');
      await expect(page.locator('.leaflet-container')).toBeAttached();
      expect(await violations(page), 'full-screen map').toEqual([]);
      await page.goto('/single_ride_with_map/72');
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page), 'share modal').toEqual([]);
    });
  });
}
