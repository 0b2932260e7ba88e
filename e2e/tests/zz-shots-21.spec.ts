import { test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

for (const lang of ['he', 'en'] as const)
  for (const width of [1280, 390])
    test(`shots ${lang} ${width}`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await signInThroughApi(page, request, 'admin@demo.rides.local');
      await page.evaluate((l) => localStorage.setItem('selectedLanguage', l), lang);
      await page.goto('/admin/ride_manager_billing');
      await page.getByTestId('billing-row').first().waitFor();
      await page.screenshot({ path: `/tmp/w21-shots/billing-${lang}-${width}.png`, fullPage: true });
      await page.getByTestId('billing-row').first().getByRole('button').click();
      await page.getByTestId('pdf-history').getByRole('button').first().click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/w21-shots/billing-details-${lang}-${width}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await page.goto('/admin/one_time_access_usage');
      await page.getByTestId('usage-row').first().waitFor();
      await page.screenshot({ path: `/tmp/w21-shots/usage-${lang}-${width}.png`, fullPage: true });
      await page.getByText(lang === 'he' ? 'מפורט' : 'Detailed', { exact: true }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/w21-shots/usage-detailed-${lang}-${width}.png`, fullPage: true });
    });
