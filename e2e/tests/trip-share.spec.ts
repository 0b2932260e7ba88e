import { expect, test } from '../support/fixtures.js';

/** Share (000 §2, §4) and the hotel partner link (000 §2, §7). Trip 843 is public and not a demo; 183 is the demo trip (decision 0042). */
test.describe('share', () => {
  // The interface is the user's language, never the trip's (decision 0042): this Hebrew trip is read in Hebrew.
  test.use({ lang: 'he' });
  test('the share modal shows the view-only link, the social targets, and copies the link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/single_ride_with_map/843');
    await page.getByRole('banner').last().waitFor();
    await page.getByRole('button', { name: 'שיתוף', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'שיתוף הטיול' });
    await expect(dialog).toBeVisible();
    const link = `${baseURL}/single_ride_with_map/843`;
    await expect(dialog.getByRole('textbox', { name: 'קישור לצפייה בלבד' })).toHaveValue(link);
    await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link).replace(/[.?]/g, '\\$&')}$`),
    );
    await expect(dialog.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    );
    await expect(dialog.getByRole('link', { name: /Telegram/ })).toHaveAttribute(
      'href',
      new RegExp(`^https://t\\.me/share/url\\?url=${encodeURIComponent(link).replace(/[.?]/g, '\\$&')}&text=`),
    );
    await dialog.getByRole('button', { name: 'העתקת הקישור' }).click();
    await expect(page.getByText('הקישור הועתק בהצלחה')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  test('an activity is shared from its details @phone', async ({ page, baseURL }) => {
    await page.goto('/single_ride_with_map/843');
    await page.getByRole('button', { name: /^פרטים נוספים על / }).first().click();
    const details = page.getByRole('dialog');
    await details.getByRole('button', { name: 'שיתוף', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'שיתוף הפעילות' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(
      new RegExp(`^${baseURL?.replace(/[.]/g, '\\.')}/single_ride_with_map_attraction/843/\\d+$`),
    );
  });

  test('demo trips have no share button; stays link to recommended hotels', async ({ page }) => {
    await page.goto('/single_ride_with_map/183');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'שיתוף', exact: true })).toHaveCount(0);
    await page.goto('/single_ride_with_map/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const hotels = page.getByRole('link', { name: /^מלונות מומלצים ב/ }).first();
    await expect(hotels).toHaveAttribute('href', /^https:\/\/www\.booking\.com\/searchresults\.html\?aid=demo-aid&target_aid=demo-target-aid&dest_id=demo-1&dest_type=city&ss=/);
    await expect(hotels).toHaveAttribute('target', '_blank');
  });

  test('the bottom of the page: copyright with the terms link, partners, how it works', async ({ page }) => {
    await page.goto('/single_ride_with_map/1');
    const copyright = page.getByRole('region', { name: 'זכויות יוצרים' });
    // The name is wrapped in direction isolates (U+2068 … U+2069).
    await expect(copyright).toContainText(new RegExp(`© \u2068?נועה כהן\u2069?, ${new Date().getFullYear()}`));
    await expect(copyright.getByRole('link', { name: 'תנאי השימוש שלנו' })).toHaveAttribute('href', '/terms_of_use');
    await expect(page.getByRole('heading', { level: 2, name: 'השותפים שלנו' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'איך זה עובד' })).toBeVisible();
  });

  test('a saved scroll position is restored once after a reload', async ({ page }) => {
    await page.goto('/single_ride_with_map/1');
    await expect(page.locator('#trip-day-14')).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, 2500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2400);
    await page.reload();
    // Restored (content that arrives later above, such as the copy banner, may move it on by scroll anchoring).
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBeGreaterThanOrEqual(2500);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(2900);
    // Used once: the stored position is gone until the page is left again.
    expect(await page.evaluate(() => sessionStorage.getItem('rides.tripScroll.1'))).toBeNull();
  });
});
