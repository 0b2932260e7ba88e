import { expect, test } from '../support/fixtures.js';

test.describe('language', () => {
  test.use({ lang: 'he' });

  test('Hebrew first, right to left; the switch flips to English and back @phone', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'he');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/[\u0590-\u05FF]/);

    await page.getByRole('button', { name: /החלפת השפה לאנגלית/ }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(/[\u0590-\u05FF]/);
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('en');

    // The choice is kept across visits.
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await page.getByRole('button', { name: /Switch language to Hebrew/ }).click();
    await expect(html).toHaveAttribute('dir', 'rtl');
  });

  test('static pages have real text in both languages', async ({ page }) => {
    for (const path of ['/about', '/terms_of_use', '/privacy_policy', '/delete_user']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/[\u0590-\u05FF]/);
    }
    await page.goto('/terms_of_use');
    await expect(page.getByText(/2025/).first()).toBeVisible();
  });

  test('unknown paths show a translated not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: /דף הבית|בית/ }).first()).toBeVisible();
  });

  test('the cookie banner shows until agreed', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('__cookie_test')) {
        localStorage.removeItem('cookieConsent');
        sessionStorage.setItem('__cookie_test', '1');
      }
    });
    await page.goto('/about');
    const agree = page.getByRole('button', { name: 'אישור', exact: true });
    await expect(agree).toBeVisible();
    await agree.click();
    await expect(agree).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'אישור', exact: true })).toBeHidden();
  });
});

// Issue 30 point 4 (decision 0042): the interface is the reader's choice alone; a trip in the other language shows its
// own texts in their direction inside it. The Hebrew reader of an English trip: trip.spec.ts.
test.describe('language (en)', () => {
  test.use({ lang: 'en' });

  test('an English reader opens a Hebrew trip: the site stays English, the trip reads right to left', async ({
    page,
  }) => {
    await page.goto('/single_ride_with_map/843');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveAttribute('dir', 'rtl');
    await expect(title).toHaveAttribute('lang', 'he');
    await expect(page.locator('article h4').first()).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 3, name: 'Day 1', exact: true })).toBeVisible();
    // Kept: the choice was not replaced by the trip's language.
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('en');
    await page.goto('/about');
    await expect(html).toHaveAttribute('lang', 'en');
  });
});
