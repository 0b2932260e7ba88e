import { expect, test } from '../support/fixtures.js';
import { locale, text } from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Device management (/admin/device_management; issue 21 point 1, 002 §2.3, decision 0035), in Hebrew and English, on a
 * desktop and a phone: the demo admin finds the demo's password sharer at the top of the table (HIGH, two devices far
 * apart at once), searches and filters (on the server, decision 0035) and opens the devices, the analysis and the
 * profile; a planner is sent to / (manager-screens.spec.ts). Reads only the demo.
 */
const ADMIN = 'admin@demo.rides.local';
const SHARER = 'shared.account@demo.rides.local';
const BORDERLINE = 'borderline@demo.rides.local';

for (const lang of ['he', 'en'] as const) {
  test.describe(`device management (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);

    test('the admin finds the sharer first and opens devices, analysis and profile @phone', async ({
      page,
      request,
    }) => {
      await page.goto('/');
      await signInThroughApi(page, request, ADMIN);
      await page.reload();
      // The admin link is there for an admin (in the account control on a desktop, in the menu on a phone).
      // (Decided by the width, not by whether the menu button shows yet: right after the reload it may not.)
      if (page.viewportSize()!.width < 768)
        await page.getByRole('button', { name: text(t, 'nav.openMenu') }).click();
      await page.getByRole('link', { name: text(t, 'nav.admin') }).click();
      await expect(page).toHaveURL(/\/admin\/device_management$/);
      await expect(page.getByRole('heading', { level: 1, name: text(t, 'admin.title') })).toBeVisible();

      const rows = page.getByTestId('suspicious-user');
      await expect(rows.first()).toContainText(SHARER);
      await expect(rows.first()).toContainText(text(t, 'admin.risk.HIGH'));
      await expect(rows.first()).toContainText(text(t, 'admin.reasons.far_apart_at_once'));
      const borderline = rows.filter({ hasText: BORDERLINE });
      await expect(borderline).toContainText(text(t, 'admin.risk.MEDIUM'));

      // Every column's data is on the screen, on a phone too (issue 30: the table scrolled its columns out of sight):
      // each cell of the first row is visible and inside the window's width.
      const width = page.viewportSize()!.width;
      const cells = rows.first().locator('td');
      await expect(cells).toHaveCount(7);
      for (let i = 0; i < 7; i++) {
        await expect(cells.nth(i)).toBeVisible();
        const box = (await cells.nth(i).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The count per risk level, beside the listing's count.
      await expect(page.getByTestId('risk-counts')).toContainText(text(t, 'admin.risk.HIGH'));

      // A search by a part of the email (asked of the server): the borderline user alone.
      const search = page.getByRole('searchbox', { name: text(t, 'admin.table.search') });
      await search.fill('borderline');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(BORDERLINE);
      await search.fill('');
      await expect(rows.first()).toContainText(SHARER);

      // The risk filter (the server's): HIGH leaves the borderline user out.
      await page.getByLabel(text(t, 'admin.filters.risk')).selectOption('HIGH');
      await page.getByRole('button', { name: text(t, 'admin.filters.apply') }).click();
      await expect(rows.filter({ hasText: BORDERLINE })).toHaveCount(0);
      await expect(rows.first()).toContainText(SHARER);

      const sharer = rows.first();
      const name = (await sharer.locator('td').nth(1).innerText()).trim();

      await sharer.getByRole('button', { name: text(t, 'admin.table.devicesOf', { name }) }).click();
      const devices = page.getByRole('dialog', { name: text(t, 'admin.devices.title', { name }) });
      await expect(devices.getByTestId('device-card')).toHaveCount(7);
      await expect(devices.getByTestId('device-card').first()).toContainText(
        text(t, 'admin.devices.fingerprint'),
      );
      await page.keyboard.press('Escape');
      await expect(devices).toBeHidden();

      await sharer.getByRole('button', { name: text(t, 'admin.table.analysisOf', { name }) }).click();
      const analysis = page.getByRole('dialog', { name: text(t, 'admin.analysis.title', { name }) });
      await expect(analysis.getByTestId('risk-assessment')).toContainText(text(t, 'admin.risk.HIGH'));
      await expect(analysis.getByTestId('recommendation-high')).toHaveText(
        text(t, 'admin.analysis.rec.high'),
      );
      await expect(analysis.getByTestId('recommendation-bestPractices')).toBeVisible();
      // The chart of sign-ins per day, named for screen readers.
      await expect(analysis.locator('svg[role="img"][aria-label]')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(analysis).toBeHidden();

      await sharer.getByRole('button', { name: text(t, 'admin.table.profileOf', { name }) }).click();
      const profile = page.getByRole('dialog', { name: text(t, 'admin.profile.title') });
      await expect(profile).toContainText(SHARER);
      const contact = profile.getByRole('link', { name: text(t, 'admin.profile.contact') });
      const href = (await contact.getAttribute('href')) ?? '';
      expect(href.startsWith(`mailto:${encodeURIComponent(SHARER)}?subject=`)).toBe(true);
      expect(decodeURIComponent(href)).toContain(text(t, 'admin.profile.mailSubject'));
      // A quick action closes the profile and opens the devices.
      await profile.getByRole('button', { name: text(t, 'admin.table.viewDevices'), exact: true }).click();
      await expect(profile).toBeHidden();
      await expect(
        page.getByRole('dialog', { name: text(t, 'admin.devices.title', { name }) }),
      ).toBeVisible();
    });
  });
}
