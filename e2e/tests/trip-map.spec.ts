import { expect, test } from '../support/fixtures.js';

/** /full_screen_single_ride_map/:rideId/:dayId (000 §2): dayId is the 1-based day number. */
test.describe('full-screen map', () => {
  // The interface is the user's language, never the trip's (decision 0042): this Hebrew trip is read in Hebrew.
  test.use({ lang: 'he' });
  test('opens at the focused day, switches days, and back returns to that day of the trip', async ({ page }) => {
    await page.goto('/single_ride_with_map/1');
    const chips = page.getByRole('navigation', { name: 'ימי הטיול' });
    await chips.getByRole('button', { name: 'יום 3', exact: true }).click();
    await expect(chips.getByRole('button', { name: 'יום 3', exact: true })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('link', { name: 'מפה במסך מלא – יום 3' }).click();

    await expect(page).toHaveURL(/\/full_screen_single_ride_map\/1\/3$/);
    const mapChips = page.getByRole('navigation', { name: 'ימי הטיול' });
    await expect(mapChips.getByRole('link', { name: 'יום 3', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'מפת הטיול, יום 3' })).toBeVisible();
    // The map fills the viewport below the bar.
    const box = await page.getByRole('region', { name: 'מפת הטיול, יום 3' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(500);

    await mapChips.getByRole('link', { name: 'יום 7', exact: true }).click();
    await expect(page).toHaveURL(/\/full_screen_single_ride_map\/1\/7$/);
    await expect(mapChips.getByRole('link', { name: 'יום 7', exact: true })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'חזרה לטיול' }).click();
    await expect(page).toHaveURL(/\/single_ride_with_map\/1$/);
    const tripChips = page.getByRole('navigation', { name: 'ימי הטיול' });
    await expect(tripChips.getByRole('button', { name: 'יום 7', exact: true })).toHaveAttribute('aria-current', 'true');
    const day7 = await page.locator('#trip-day-7').boundingBox();
    expect(day7?.y ?? -1).toBeGreaterThan(100);
    expect(day7?.y ?? 9999).toBeLessThan(320);
  });

  test("a day's frame holds its lodging, also on a later night of the stay @phone", async ({ page }) => {
    // Trip 1, day 7: Nazareth and Beit She'an by day, the second night in Tiberias (its marker belongs to day 6),
    // north-east of every activity of the day.
    await page.goto('/full_screen_single_ride_map/1/7');
    const map = page.getByRole('region', { name: 'מפת הטיול, יום 7' });
    const lodging = map.getByRole('button', { name: /^יום 6, לינה [A-J]: מלון סקוטי טבריה$/ });
    const stops = map.getByRole('button', { name: /^יום 7, עצירה \d: / });
    await expect(stops).toHaveCount(3);
    const inside = async (marker: typeof lodging) => {
      const [frame, box] = [await map.boundingBox(), await marker.boundingBox()];
      if (!frame || !box) return false;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      return x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height;
    };
    await expect.poll(() => inside(lodging)).toBe(true);
    for (let i = 0; i < 3; i++) expect(await inside(stops.nth(i))).toBe(true);
  });

  test('the floating map link on a phone opens the day in view @phone', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 768, 'the floating link is the phone layout');
    await page.goto('/single_ride_with_map/1');
    await page.getByRole('navigation', { name: 'ימי הטיול' }).getByRole('button', { name: 'יום 2', exact: true }).click();
    const link = page.getByRole('link', { name: 'פתיחת המפה – יום 2' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/full_screen_single_ride_map\/1\/2$/);
    await expect(page.getByRole('region', { name: 'מפת הטיול, יום 2' })).toBeVisible();
  });

  for (const day of ['0', '15', 'abc']) {
    test(`day "${day}" shows a notice with the list of days`, async ({ page }) => {
      await page.goto(`/full_screen_single_ride_map/1/${day}`);
      await expect(page.getByText('הקישור מבקש יום שאין בטיול הזה')).toBeVisible();
      const chips = page.getByRole('navigation', { name: 'ימי הטיול' });
      await expect(chips.getByRole('link')).toHaveCount(14);
      await chips.getByRole('link', { name: 'יום 2', exact: true }).click();
      await expect(page).toHaveURL(/\/full_screen_single_ride_map\/1\/2$/);
      await expect(page.getByText('הקישור מבקש יום שאין בטיול הזה')).toHaveCount(0);
    });
  }

  test('an unknown trip shows the trip not-found page', async ({ page }) => {
    await page.goto('/full_screen_single_ride_map/999999/1');
    await expect(page.getByRole('heading', { level: 1, name: 'הטיול לא נמצא' })).toBeVisible();
  });
});
