import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { locale, PLANNER, text, type Dict } from '../support/editing.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Billing per planner and one-time access usage (/admin/ride_manager_billing, /admin/one_time_access_usage; issue 21
 * points 3 to 6, 002 §2.4, §2.5, decision 0038), in Hebrew and English, on a desktop (and in English on a phone, as the
 * config runs phones): the demo admin sees the demo planner's month, searches and sorts it on the server, opens its
 * details and chart, downloads the CSV the server makes; sees the partner's one-time link uses in both views, searches
 * them and widens the from-date. A planner is sent to / (manager-screens.spec.ts). Reads only.
 */
const ADMIN = 'admin@demo.rides.local';
const PARTNER = 'partner@demo.rides.local';
/** The demo traveller's name (db/seed/accounts.ts). */
const TRAVELLER_NAME = 'דני המטייל';

async function billing(page: Page, request: Parameters<typeof signInThroughApi>[1], t: Dict) {
  await page.goto('/');
  await signInThroughApi(page, request, ADMIN);
  await page.goto('/admin/device_management');
  // The three admin screens link to each other.
  await page
    .getByRole('navigation', { name: text(t, 'admin.nav.label') })
    .getByRole('link', { name: text(t, 'admin.nav.billing') })
    .click();
  await expect(page).toHaveURL(/\/admin\/ride_manager_billing$/);
  await expect(page.getByRole('heading', { level: 1, name: text(t, 'admin.billing.title') })).toBeVisible();

  const planner = page.getByTestId('billing-row').filter({ hasText: PLANNER });
  await expect(planner).toHaveCount(1);
  const cells = planner.locator('td');
  // This month's trips, shares and PDF exports of the demo planner are real numbers.
  for (const column of [2, 3, 5]) expect(Number(await cells.nth(column).innerText())).toBeGreaterThan(0);
  await expect(page.getByTestId('billing-totals')).toContainText(text(t, 'admin.billing.totalPdfExports'));
  // Pages only when there are more planners than a page (the server's total_count; the demo has a few).
  const managers = Number(
    await page
      .getByTestId('billing-totals')
      .getByText(text(t, 'admin.billing.totalManagers'), { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .innerText(),
  );
  expect(managers).toBeGreaterThan(0);
  await expect(page.getByRole('navigation', { name: text(t, 'admin.billing.pagination') })).toHaveCount(
    managers > 10 ? 1 : 0,
  );

  // Sorted by the server: a header turns the order, aria-sort says which.
  const sharesHeader = page.getByRole('columnheader', { name: text(t, 'admin.billing.shares') });
  await sharesHeader.getByRole('button').click();
  await expect(sharesHeader).toHaveAttribute('aria-sort', 'descending');
  const shares = async () =>
    Promise.all(
      (await page.getByTestId('billing-row').all()).map(async (r) =>
        Number(await r.locator('td').nth(3).innerText()),
      ),
    );
  await expect
    .poll(async () => {
      const v = await shares();
      return v.join() === [...v].sort((a, b) => b - a).join();
    })
    .toBe(true);
  await sharesHeader.getByRole('button').click();
  await expect(sharesHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => {
      const v = await shares();
      return v.join() === [...v].sort((a, b) => a - b).join();
    })
    .toBe(true);

  // Searched by the server: a part of the email finds the planner alone; nothing found says so.
  const search = page.getByRole('searchbox', { name: text(t, 'admin.listing.search') });
  await search.fill('planner@demo');
  await expect(page.getByTestId('billing-row')).toHaveCount(1);
  await search.fill('no-such-planner-anywhere');
  await expect(page.getByText(text(t, 'admin.listing.noMatch'))).toBeVisible();
  await search.fill('');

  // The CSV of the table, made by the server: the reader's column names, then the planner's line with the same figures.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: text(t, 'admin.billing.downloadCsv') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^billing-\d{4}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toContain(text(t, 'billingCsv.total_pdf_exports'));
  const plannerLine = lines.find((l) => l.includes(PLANNER)) ?? '';
  expect(plannerLine.split(',')[3]).toBe((await cells.nth(2).innerText()).trim());

  // The details: the trips, the monthly chart and the PDF history, whose rows open to each export.
  const name = (await cells.nth(0).innerText()).trim();
  await planner.getByRole('button', { name: text(t, 'admin.billing.detailsOf', { name }) }).click();
  const details = page.getByRole('dialog', { name: text(t, 'admin.billing.detailsTitle', { name }) });
  await expect(details.getByTestId('monthly-use-chart')).toBeVisible();
  await expect(details.getByTestId('billing-rides').locator('tbody tr').first()).toBeVisible();
  const history = details.getByTestId('pdf-history');
  const expand = history.getByRole('button', { expanded: false }).first();
  await expand.click();
  await expect(history.getByRole('button', { expanded: true })).toHaveCount(1);
  // The exports' time: under its column's header on a desktop, each card's label on a phone (DataTable).
  await expect(
    history.locator(`td[data-label="${text(t, 'admin.billing.exportedAt')}"]`).first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Another month refetches: far back, nobody used anything.
  const months = page.getByLabel(text(t, 'admin.billing.month'));
  const last = await months.locator('option').last().getAttribute('value');
  await months.selectOption(last ?? '');
  await expect(page.getByText(text(t, 'admin.billing.empty'))).toBeVisible();
}

async function oneTimeUsage(page: Page, t: Dict) {
  await page
    .getByRole('navigation', { name: text(t, 'admin.nav.label') })
    .getByRole('link', { name: text(t, 'admin.nav.oneTimeUsage') })
    .click();
  await expect(page).toHaveURL(/\/admin\/one_time_access_usage$/);
  await expect(page.getByRole('heading', { level: 1, name: text(t, 'admin.usage.title') })).toBeVisible();

  const partner = page.getByTestId('usage-row').filter({ hasText: PARTNER });
  await expect(partner).toHaveCount(1);
  const accesses = Number(await partner.locator('td').nth(3).innerText());
  expect(accesses).toBeGreaterThan(0);

  const name = (await partner.locator('td').nth(0).innerText()).trim();
  await partner.getByRole('button', { name: text(t, 'admin.usage.detailsOf', { name }) }).click();
  const details = page.getByRole('dialog', { name: text(t, 'admin.usage.detailsTitle', { name }) });
  await expect(details.getByTestId('usage-access')).toHaveCount(accesses);
  // An open before signing in has no user: "Anonymous".
  await expect(details.getByText(text(t, 'admin.usage.anonymous')).first()).toBeVisible();
  // Names and words, not ids and codes (issue 30): the demo traveller who joined by the honeymoon link, by name.
  const joined = details
    .getByTestId('usage-access')
    .filter({ hasText: text(t, 'admin.usage.events.joined') });
  await expect(joined.filter({ hasText: TRAVELLER_NAME })).toHaveCount(1);
  await expect(
    details
      .getByTestId('usage-access')
      .filter({ hasText: text(t, 'admin.usage.events.opened') })
      .first(),
  ).toBeVisible();
  await expect(details).not.toContainText(/\b(joined|opened|copied)\b/);
  await expect(details).not.toContainText(text(t, 'admin.usage.userId', { id: '' }).trim());
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Searched by the server: the partner's email finds the partner alone.
  const search = page.getByRole('searchbox', { name: text(t, 'admin.listing.search') });
  await search.fill('partner@');
  await expect(page.getByTestId('usage-row')).toHaveCount(1);
  await search.fill('');
  await expect.poll(async () => page.getByTestId('usage-row').count()).toBeGreaterThan(0);

  // The detailed view: each planner with their trips and each access.
  await page.getByText(text(t, 'admin.usage.detailedView'), { exact: true }).click();
  const section = page.getByTestId('usage-manager').filter({ hasText: PARTNER });
  await expect(section.getByTestId('usage-access')).toHaveCount(accesses);

  // A from-date further back refetches: the older links' uses come in.
  await page
    .getByLabel(text(t, 'admin.usage.fromDate'))
    .fill(new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10));
  await expect.poll(async () => section.getByTestId('usage-access').count()).toBeGreaterThan(accesses);
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`billing and one-time usage (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);

    test('the admin reads the demo planner’s month, downloads the CSV, and sees one-time uses in both views', async ({
      page,
      request,
    }) => {
      await billing(page, request, t);
      await oneTimeUsage(page, t);
    });

    if (lang === 'en')
      test('the same on a phone @phone', async ({ page, request }) => {
        await billing(page, request, t);
        await oneTimeUsage(page, t);
      });
  });
}
