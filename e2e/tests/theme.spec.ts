import { expect, test } from '../support/fixtures.js';
import { OUTBOX_PORT } from '../playwright.config.js';
import { CHROMIUM_PATH } from '../support/browser-path.js';

/**
 * White-label sub-domains (000 §1, §9): Chromium resolves every *.rides.test name to the local server, so
 * "alpine.app.rides.test" has three dots (more than the default count of 2) and is the sub-domain "alpine".
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--host-resolver-rules=MAP *.rides.test 127.0.0.1'],
  },
});

const ALPINE = `http://alpine.app.rides.test:${OUTBOX_PORT}`;
const PLAIN = `http://127.0.0.1:${OUTBOX_PORT}`;
/** Alpine's seeded primary, #364fc7 (AA under white text as it is). */
const ALPINE_PRIMARY = 'rgb(54, 79, 199)';

test('a themed sub-domain shows the partner logo and colours, no product menu and no footer @phone', async ({ page }) => {
  await page.goto(`${ALPINE}/`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Alpine' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Open the menu' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The language switch and sign-in stay; buttons take the theme's primary colour.
  const signIn = header.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveCSS('background-color', ALPINE_PRIMARY);
  await expect(header.getByRole('button', { name: /עברית|Hebrew/ })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--rides-primary').trim())).toBe('#364fc7');
});

test('the theme is kept for the next visit, so it applies before the answer', async ({ page }) => {
  await page.goto(`${ALPINE}/`);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Alpine' })).toBeVisible();
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/subdomain_theme', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Alpine' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', ALPINE_PRIMARY);
  release();
});

test('the trip page on a themed sub-domain has no footer', async ({ page }) => {
  await page.goto(`${ALPINE}/single_ride_with_map/1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Alpine' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('the main site keeps the product menu, footer and its own colours', async ({ page }) => {
  await page.goto(`${PLAIN}/`);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).first()).toBeAttached();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Alpine' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).not.toHaveCSS('background-color', ALPINE_PRIMARY);
});
