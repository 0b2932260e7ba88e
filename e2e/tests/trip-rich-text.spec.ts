import { expect, test } from '../support/fixtures.js';

/**
 * The trip's text is HTML written by its author. The server cleans it when it answers; the page does not trust
 * that either and rebuilds it from an allow-list (apps/web/src/lib/rich-text.ts). Here the answer itself is hostile.
 */
// The trip's reads go through the service worker once it controls the tab (NetworkFirst), and page.route does not see
// requests a service worker makes: without it, the answer below is always the one this test changes.
test.use({ serviceWorkers: 'block' });

test('hostile HTML in a trip runs nothing and keeps its readable text', async ({ page }) => {
  const hostile =
    '<p onclick="window.__xss=1">Plain <b>bold</b> text<img src="x" onerror="window.__xss=2">' +
    '<script>window.__xss=3</script><a href="javascript:window.__xss=4">bad link</a> ' +
    '<a href="https://example.com/ok" onmouseover="window.__xss=5">good link</a></p>' +
    '<svg><script>window.__xss=6</script></svg><iframe src="javascript:window.__xss=7"></iframe><style>body{display:none}</style>';
  await page.goto('/single_ride_with_map/183');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/ride_attractions_api/843', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { ride: { text: string } };
    body.ride.text = hostile;
    await route.fulfill({ response: answer, json: body });
  });
  // Within the app, so the page asks the API (a page's HTML already carries its trip for a visitor).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/single_ride_with_map/843');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const text = page.getByText('Plain bold text');
  await expect(text).toBeVisible();
  await expect(text.locator('b')).toHaveText('bold');
  await expect(page.getByRole('link', { name: 'good link' })).toHaveAttribute('href', 'https://example.com/ok');
  await expect(page.getByRole('link', { name: 'good link' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'bad link' })).toHaveCount(0);
  await expect(page.getByText('bad link')).toBeVisible();
  await page.getByText('Plain bold text').click();
  await page.getByRole('link', { name: 'good link' }).hover();
  const summary = page.locator('section[aria-labelledby="trip-summary-heading"]');
  await expect(summary.locator('img[src="x"], script, iframe, svg script, style, [onclick], [onmouseover]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
});
