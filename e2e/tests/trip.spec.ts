import { expect, test } from '../support/fixtures.js';

/** The trip page (000 §2) against the demo trips: 1 (Hebrew, 14 days), 183 (English); 228 (private): private-landing.spec.ts. */
test.describe('trip page', () => {
  test('trip 1 shows its title, 14 days, activity cards, the summary tabs and an accommodation', async ({ page }) => {
    await page.goto('/single_ride_with_map/1');
    // The page follows the trip's language: Hebrew, right to left.
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ישראל מצפון לדרום');
    await expect(page.getByRole('heading', { level: 3, name: /^יום \d+$/ })).toHaveCount(14);

    const firstCard = page.locator('article').first();
    await expect(firstCard.getByRole('heading', { level: 4 })).toBeVisible();
    await expect(firstCard.getByRole('link', { name: /Google Maps/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?[\d.]+,-?[\d.]+$/,
    );
    await expect(firstCard.getByRole('link', { name: /Waze/ })).toHaveAttribute(
      'href',
      /^https:\/\/waze\.com\/ul\?ll=-?[\d.]+,-?[\d.]+&navigate=yes$/,
    );

    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'לינות' })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: 'פעילויות' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('יום 1');

    await expect(page.getByRole('region', { name: /^לינה: / }).first()).toBeVisible();
    await expect(page.getByText(/צ׳ק-אין: \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  });

  test('trip 183 renders left to right in English', async ({ page }) => {
    await page.goto('/single_ride_with_map/183');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(/[\u0590-\u05FF]/);
    await expect(page.getByRole('heading', { level: 3, name: 'Day 1', exact: true })).toBeVisible();
  });

  for (const id of ['abc', '999999']) {
    test(`/single_ride_with_map/${id} shows the not-found page`, async ({ page }) => {
      await page.goto(`/single_ride_with_map/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toBeVisible();
    });
  }

  test('a day chip scrolls to its day and highlights it', async ({ page }) => {
    await page.goto('/single_ride_with_map/1');
    const chips = page.getByRole('navigation', { name: 'ימי הטיול' });
    await chips.getByRole('button', { name: 'יום 9', exact: true }).click();
    await expect(chips.getByRole('button', { name: 'יום 9', exact: true })).toHaveAttribute('aria-current', 'true');
    const day9 = page.locator('#trip-day-9');
    await expect
      .poll(async () => (await day9.boundingBox())?.y ?? -1, { timeout: 5000 })
      .toBeGreaterThan(100);
    await expect.poll(async () => (await day9.boundingBox())?.y ?? 9999, { timeout: 5000 }).toBeLessThan(260);
    // After the scroll ends, the focused day is still day 9.
    await page.waitForTimeout(2200);
    await expect(chips.getByRole('button', { name: 'יום 9', exact: true })).toHaveAttribute('aria-current', 'true');
  });
});
