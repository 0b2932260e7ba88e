import type { Page } from '@playwright/test';
import { expect, openLogin, test } from '../support/fixtures.js';
import { axe } from '../support/axe.js';
import { locale, text } from '../support/editing.js';

/**
 * Every screen of the shell, in both languages: no WCAG 2 A/AA violations that axe can find. The home page is scanned
 * with its trips shown (the featured, recommended and latest trips load as the reader nears them): the one scan of
 * the home page, which home.spec.ts's journeys do not repeat (docs/testing.md).
 */
const PAGES = ['/', '/about', '/terms_of_use', '/privacy_policy', '/delete_user', '/request-password-reset', '/sign-in-link', '/no/such/page'];

async function violations(page: Page) {
  const result = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`accessibility (${lang})`, () => {
    test.use({ lang });

    test(`pages @phone`, async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/') {
          const trips = page.locator('#trips');
          await trips.scrollIntoViewIfNeeded();
          await expect(trips).toHaveAttribute('data-ready', 'true');
          await expect(trips.locator('article').first()).toBeVisible();
          await page.getByRole('heading', { level: 2, name: text(locale(lang), 'home.latest.title') }).scrollIntoViewIfNeeded();
        }
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('sign-in and contact dialogs', async ({ page }) => {
      await page.goto('/');
      await openLogin(page);
      expect(await violations(page), 'login').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('contentinfo').getByRole('button', { name: lang === 'he' ? 'צרו קשר' : 'Contact us' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page), 'contact').toEqual([]);
    });
  });
}
