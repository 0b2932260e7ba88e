import { expect, type Page } from '@playwright/test';
import { locale, shot, text } from './editing.js';

/** The costs drawer's helpers (issue 35), shared by the costs specs. */

/** An amount as the page formats it in the language (₪ and Hebrew digits' order in Hebrew). */
export const money = (lang: 'he' | 'en', amount: number, currency: string) =>
  new Intl.NumberFormat(lang === 'he' ? 'he-IL' : 'en-US', { style: 'currency', currency }).format(amount);

/** The text as the page shows it, whitespace and direction marks aside. */
export const plain = (s: string) =>
  s
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Opens the trip page and its costs drawer; answers the drawer. */
export async function openCosts(page: Page, lang: 'he' | 'en', rideId: number) {
  const t = locale(lang);
  await page.goto(`/single_ride_with_map/${rideId}`);
  const open = page.getByRole('button', { name: text(t, 'costs.open') });
  await expect(open).toBeVisible();
  await shot(page, `costs-entry-${lang}`, { fullPage: false });
  await open.click();
  const drawer = page.getByTestId('costs-drawer');
  await expect(drawer.getByTestId('expense-form')).toBeVisible();
  return drawer;
}

/** The keys of a trip's expenses queued on this device (the signed-in user's own: lib/device-queue.ts). */
export const queuedCostKeys = (page: Page, rideId: number) =>
  page.evaluate(
    (id) => Object.keys(localStorage).filter((k) => k === `rides.costs.queue.${id}` || k.startsWith(`rides.costs.queue.${id}.`)),
    rideId,
  );

/** The user id a token names. */
export const userIdOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: number }).user_id;
