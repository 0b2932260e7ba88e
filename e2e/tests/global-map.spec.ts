import { expect, test } from '../support/fixtures.js';

/** /global_map and /global_rides (002 §2.1): where the shared trips are, from get_all_sertch_point. */
test.describe('where trips exist', () => {
  test('nearby places are clusters with a count; a cluster zooms in and splits; a place opens the trip search there @phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'he'));
    await page.goto('/global_map');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('לאן טיילו אצלנו');
    const map = page.getByRole('region', { name: 'מפת המקומות שיש בהם טיולים' });
    await expect(page.getByText(/^\d+ מקומות, \d+ ביקורים של טיולים$/)).toBeVisible();
    // Framed on every place (Israel and western Europe), the demo's places crowd: clusters, each a button.
    const clusters = map.locator('[data-cluster]');
    await expect(clusters.first()).toBeVisible();
    const markers = map.getByRole('button', { name: /טיול/ });
    const before = await markers.count();
    const places = Number(await clusters.first().getAttribute('data-cluster'));
    expect(places).toBeGreaterThan(1);
    await expect(clusters.first()).toHaveAccessibleName(new RegExp(`^${places} מקומות באזור, \\d+ ביקורים של טיולים – להגדלה$`));
    // Keyboard: Enter on a cluster zooms into it; its places spread into more markers.
    await clusters.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => markers.count()).toBeGreaterThan(before);
    // Zoom in on clusters until a single place shows; Enter on it opens the trip search there.
    const single = map.locator('.leaflet-marker-icon:not([data-cluster])');
    for (let i = 0; i < 6 && (await single.count()) === 0; i++) {
      await clusters.first().click();
      await page.waitForTimeout(400);
    }
    await single.first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search_ride\?lat=-?\d+\.\d{4}&lng=-?\d+\.\d{4}$/);
  });

  test('all shared trips are listed under the map; private ones are not', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    await page.goto('/global_rides');
    await expect(page.getByRole('heading', { level: 2, name: 'All shared trips' })).toBeVisible();
    const list = page.getByRole('region', { name: 'All shared trips' }).getByRole('listitem');
    await expect(list).toHaveCount(6);
    await expect(list.getByRole('link', { name: 'Israel for first-timers' })).toHaveAttribute('href', '/single_ride_with_map/183');
    await expect(list.filter({ hasText: 'Israel for first-timers' })).toContainText(/14 days · \d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    // 228 is the partner's private trip.
    await expect(page.locator('a[href="/single_ride_with_map/228"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Israel for first-timers' }).click();
    await expect(page).toHaveURL(/\/single_ride_with_map\/183$/);
  });
});
