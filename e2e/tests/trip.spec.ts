import { expect, test } from '../support/fixtures.js';

/** The trip page (000 §2) against the demo trips: 1 (Hebrew, 14 days), 183 (English); 228 (private): private-landing.spec.ts. */
test.describe('trip page', () => {
  // A Hebrew reader: the interface is theirs whatever the trip's language (decision 0042).
  test.use({ lang: 'he' });

  test('trip 1 shows its title, 14 days, activity cards, the summary tabs and an accommodation', async ({ page }) => {
    await page.goto('/single_ride_with_map/1');
    // The Hebrew interface, right to left; the trip's texts in its own language too.
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('dir', 'rtl');
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

  // Issue 30 point 4: opening an English trip never switches a Hebrew reader's site to English.
  test('the English trip 183 in the Hebrew interface: its texts left to right, the site stays Hebrew @phone', async ({ page }) => {
    await page.goto('/single_ride_with_map/183');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'he');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Israel for first-timers');
    await expect(title).toHaveAttribute('dir', 'ltr');
    await expect(title).toHaveAttribute('lang', 'en');
    // The trip's text and its activities' titles in their own direction; the day headings in the interface's.
    await expect(page.getByText(/^A two-week first visit to Israel/).locator('xpath=ancestor::*[@dir][1]')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('article h4').first()).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 3, name: 'יום 1', exact: true })).toBeVisible();
    // ...and it stays Hebrew: on the next page, and after a reload of the trip (the server renders in the reader's language).
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'he');
    await expect(page.getByRole('heading', { level: 3, name: 'יום 1', exact: true })).toBeVisible();
    await page.goto('/');
    await expect(html).toHaveAttribute('lang', 'he');
    await expect(html).toHaveAttribute('dir', 'rtl');
  });

  test.describe('an unknown trip', () => {
    test.use({ lang: 'en' });
    for (const id of ['abc', '999999']) {
      test(`/single_ride_with_map/${id} shows the not-found page`, async ({ page }) => {
        await page.goto(`/single_ride_with_map/${id}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toBeVisible();
      });
    }
  });

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
