import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { money, openCosts, plain } from '../support/costs.js';
import { auth, EDITING_BASE_URL, locale, login, PLANNER, shot, text, toast } from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * Issue 35 points 1, 3 and 4 in the browser: a planner's client trip gets a limit for food and the price quoted to the
 * client; an expense paid by two people (the form says what is left to assign until it adds up) goes over the limit;
 * the balances and the transfer follow; the quote, the costs and the margin show; the expenses download as CSV.
 * Hebrew on a phone, English on a desktop. On the editing server (the planner's trips are its own).
 */
test.use({ baseURL: EDITING_BASE_URL });

async function clientTrip(request: APIRequestContext, token: string, lang: 'he' | 'en') {
  const made = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: {
      title: `Budget ${lang} ${Date.now().toString(36)}`,
      checkIn: '10-05-2031',
      checkOut: '14-05-2031',
      is_publick: false,
      language: lang === 'he' ? 'hebrew' : 'english',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const rideId = ((await made.json()) as { rideId: number }).rideId;
  const dana = await request.post(`/api/trips/${rideId}/participants`, {
    headers: { ...auth(token), ...ownClientAddress() },
    data: { name: 'Dana' },
  });
  expect(dana.ok(), await dana.text()).toBe(true);
  return rideId;
}

for (const [lang, home, project] of [
  ['he', 'ILS', 'phone'],
  ['en', 'USD', 'desktop'],
] as const) {
  // Not "(he)": the phone project leaves such titles out (playwright.config.ts).
  test.describe(`a planner's budget in ${lang === 'he' ? 'Hebrew' : 'English'}`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 120_000 });
    const t = locale(lang);
    const m = (amount: number) => plain(money(lang, amount, home));

    test(`a limit, the quote, an expense paid by two, the CSV${project === 'phone' ? ' @phone' : ''}`, async ({ page, request }, info) => {
      test.skip(info.project.name !== project, 'Hebrew on a phone, English on a desktop');
      const token = await login(request, PLANNER);
      const rideId = await clientTrip(request, token, lang);
      await signInThroughApi(page, request, PLANNER);
      const drawer = await openCosts(page, lang, rideId);

      // The budget: a food limit and the quote (the planner's own).
      await drawer.getByTestId('budget-settings-toggle').click();
      const settings = drawer.getByTestId('budget-settings');
      await expect(settings.getByTestId('budget-home-currency')).toHaveValue(home);
      await settings.getByTestId('budget-limit-food').fill('200');
      await settings.getByTestId('budget-quote').fill('1000');
      await shot(page, `costs-budget-${lang}`, { fullPage: false });
      // Meanwhile someone else sets the budget: saving the form over it is refused and said; what was typed stays.
      const other = await request.put(`/api/trips/${rideId}/budget`, {
        headers: auth(token),
        data: { homeCurrency: home, limits: { transport: '50' }, basedOn: null },
      });
      expect(other.ok(), await other.text()).toBe(true);
      await settings.getByTestId('budget-save').click();
      await expect(toast(page, text(t, 'moneyCodes.money_changed_meanwhile'))).toBeVisible();
      await expect(settings.getByTestId('budget-limit-food')).toHaveValue('200');
      await shot(page, `costs-budget-meanwhile-${lang}`, { fullPage: false });
      // Told, the planner saves again: theirs now.
      await settings.getByTestId('budget-save').click();
      await expect(toast(page, text(t, 'costs.budget.saved'))).toBeVisible();
      await expect(settings).toBeHidden();
      const food = drawer.getByTestId('category-food');
      await expect.poll(async () => plain((await food.textContent()) ?? '')).toContain(m(0));

      // 300 paid by two: the form says what is left until it adds up.
      const form = drawer.getByTestId('expense-form');
      await form.getByTestId('expense-amount').fill('300');
      await form.getByText(text(t, 'costs.category.food'), { exact: true }).click();
      await form.getByRole('button', { name: text(t, 'costs.form.more') }).click();
      await form.getByTestId('expense-payer').selectOption({ label: text(t, 'costs.form.several') });
      const payers = form.getByTestId('expense-payers');
      await payers.getByRole('textbox').first().fill('100');
      const left = payers.getByTestId('expense-paid-left');
      await expect
        .poll(async () => plain((await left.textContent()) ?? ''))
        .toBe(plain(text(t, 'costs.form.paidLeft', { amount: money(lang, 200, home) })));
      await payers.getByRole('textbox', { name: text(t, 'costs.form.paidOf', { name: 'Dana' }) }).fill('150');
      await form.getByTestId('expense-save').click();
      // Not saved: 250 of 300 said.
      await expect(left).toHaveAttribute('role', 'alert');
      await expect(drawer.getByTestId('expense')).toHaveCount(0);
      await payers.getByRole('textbox', { name: text(t, 'costs.form.paidOf', { name: 'Dana' }) }).fill('200');
      await expect(left).toHaveText(text(t, 'costs.form.paidAddsUp'));
      await shot(page, `costs-payers-${lang}`, { fullPage: false });
      await form.getByTestId('expense-save').click();
      await expect(drawer.getByTestId('expense')).toHaveCount(1);
      await expect(drawer.getByTestId('expense')).toContainText('Dana');

      // Over the limit by 100; the planner pays Dana 50; the quote, the costs and the margin.
      await expect
        .poll(async () => plain((await food.textContent()) ?? ''))
        .toContain(plain(text(t, 'costs.summary.over', { amount: money(lang, 100, home), limit: money(lang, 200, home) })));
      const transfer = drawer.getByTestId('transfer');
      await expect.poll(async () => plain((await transfer.textContent()) ?? '')).toContain(m(50));
      await expect(transfer).toContainText('Dana');
      const quote = drawer.getByTestId('costs-quote');
      await expect.poll(async () => plain((await quote.textContent()) ?? '')).toContain(m(1000));
      expect(plain((await quote.textContent()) ?? '')).toContain(m(700));
      await expect(drawer).toContainText(text(t, 'costs.summary.quotePrivate'));
      await quote.scrollIntoViewIfNeeded();
      await shot(page, `costs-quote-${lang}`, { fullPage: false });

      // The expenses as CSV, its columns in the trip's language.
      const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('expenses-csv').click()]);
      expect(download.suggestedFilename()).toBe(`trip-${rideId}-expenses.csv`);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('300.00');
      expect(lines[1]).toContain('Dana 200.00');

      // What the server kept.
      const budget = await request.get(`/api/trips/${rideId}/budget`, { headers: auth(token) });
      expect(await budget.json()).toMatchObject({
        homeCurrency: home,
        total: '300.00',
        quote: { amount: '1000.00', margin: '700.00', shared: false },
        mayQuote: true,
      });
    });
  });
}
