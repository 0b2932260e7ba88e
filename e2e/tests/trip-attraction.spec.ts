import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/** /single_ride_with_map_attraction/:rideId/:attractionId (000 §2): the details open once on load, then stay locked. */
async function attractionOfTrip(request: APIRequestContext, rideId: number, day = 1) {
  const res = await request.get(`/api/ride_attractions_api/${rideId}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { attractionsByDay: { daily_attractions: { id: number; title: string }[] }[] };
  const a = body.attractionsByDay[day]?.daily_attractions[0];
  if (!a) throw new Error(`trip ${rideId} has no attraction on day ${day + 1}`);
  return a;
}

test.describe('attraction link', () => {
  // The interface is the user's language, never the trip's (decision 0042): this Hebrew trip is read in Hebrew.
  test.use({ lang: 'he' });
  test('opens the details once; closing and moving around the page does not reopen them', async ({ page, request }) => {
    const a = await attractionOfTrip(request, 1, 1);
    await page.goto(`/single_ride_with_map_attraction/1/${a.id}`);
    const dialog = page.getByRole('dialog', { name: a.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'סגירה' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const chips = page.getByRole('navigation', { name: 'ימי הטיול' });
    await chips.getByRole('button', { name: 'יום 5', exact: true }).click();
    await page.getByRole('tab', { name: 'פעילויות' }).click();
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Away to the full-screen map and back through the browser's history: still locked.
    await page.getByRole('link', { name: /^מפה במסך מלא/ }).click();
    await expect(page).toHaveURL(/\/full_screen_single_ride_map\/1\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/single_ride_with_map_attraction/1/${a.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an activity that is not in the trip shows a notice and the whole trip @phone', async ({ page, request }) => {
    const other = await attractionOfTrip(request, 843, 1);
    await page.goto(`/single_ride_with_map_attraction/1/${other.id}`);
    await expect(page.getByText('הפעילות שבקישור אינה חלק מהטיול הזה')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: /^יום \d+$/ })).toHaveCount(14);
  });
});
