import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/**
 * Issue 4, the home page (001 §2 Home, 002 §2.9) on the demo data: the featured trips 1, 719, 183; the recommended
 * list (the configured seven less the private 228); the latest shared trips carousel (5 s, its controls, RTL);
 * the WhatsApp button (WHATSAPP_NUMBER, default 97235550100); "Log in to get started!" for a visitor. Its axe scan,
 * with the trips shown: accessibility.spec.ts.
 */

const TEXT = {
  he: {
    featured: 'טיולים נבחרים',
    recommended: 'טיולים מומלצים',
    latest: 'הטיולים האחרונים ששותפו',
    next: 'הטיול הבא',
    previous: 'הטיול הקודם',
    pause: 'עצירת ההחלפה האוטומטית',
    play: 'הפעלת ההחלפה האוטומטית',
    getStarted: 'התחברו כדי להתחיל!',
    signIn: 'התחברות',
    whatsapp: /^WhatsApp – כתבו לנו/,
    message: 'שלום, אשמח לעזרה בתכנון טיול',
    days: '14 ימים',
  },
  en: {
    featured: 'Featured trips',
    recommended: 'Recommended trips',
    latest: 'Latest shared trips',
    next: 'Next trip',
    previous: 'Previous trip',
    pause: 'Pause the automatic rotation',
    play: 'Resume the automatic rotation',
    getStarted: 'Log in to get started!',
    signIn: 'Sign in',
    whatsapp: /^WhatsApp – message us/,
    message: "Hi, I'd like some help planning a trip",
    days: '14 days',
  },
} as const;

const idsIn = (page: Page, sectionName: string) =>
  page
    .getByRole('region', { name: sectionName, exact: true })
    .locator('article[data-ride-id]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-ride-id'))));

/** The trips load their code when the reader nears them: scroll there, wait for them. */
async function showTrips(page: Page) {
  await page.locator('#trips').scrollIntoViewIfNeeded();
  await expect(page.locator('#trips')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#trips article').first()).toBeVisible();
}

const carousel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const track = (page: Page, name: string) => carousel(page, name).locator('ul[data-index]');

for (const lang of ['he', 'en'] as const) {
  const tx = TEXT[lang];
  test.describe(`home page (${lang})`, () => {
    test.use({ lang });

    test('featured and recommended trips, each card with title, days and place, linking to the trip @phone', async ({ page }) => {
      await page.goto('/');
      await showTrips(page);
      await expect(page.getByRole('heading', { level: 2, name: tx.featured })).toBeVisible();
      expect(await idsIn(page, tx.featured)).toEqual([1, 719, 183]);
      expect(await idsIn(page, tx.recommended)).toEqual([1, 719, 183, 843, 72, 233]);
      const first = page.getByRole('region', { name: tx.featured, exact: true }).locator('article').first();
      await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(first).toContainText(tx.days);
      // Where: the first stay's "country, city", as the trip's author wrote it (Hebrew in this trip).
      await expect(first).toContainText('ישראל');
      // Pictures are lazy, with their size given (no layout shift).
      const img = first.locator('img');
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      await first.getByRole('link').click();
      await expect(page).toHaveURL(/\/single_ride_with_map\/1$/);
    });

    test('the latest trips carousel advances by itself every 5 s and its controls move it @phone', async ({ page }) => {
      // The suite runs with reduced motion (playwright.config.ts); a visitor who has not asked for it gets the autoplay.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.clock.install();
      await page.goto('/');
      await showTrips(page);
      const region = carousel(page, tx.latest);
      await region.scrollIntoViewIfNeeded();
      await expect(region).toBeVisible();
      await expect(region).toHaveAttribute('aria-roledescription', /.+/);
      const list = track(page, tx.latest);
      await expect(list).toHaveAttribute('data-index', '0');
      await page.clock.runFor(5_100);
      await expect(list).toHaveAttribute('data-index', '1');

      // Only the cards in view take the keyboard: the others are inert.
      const perView = await list.locator('li:not([inert])').count();
      expect(perView).toBe(page.viewportSize()!.width < 640 ? 1 : 3);

      // The buttons: next, previous, and previous from the first wraps to the last position.
      const slide = (i: number) => list.locator('li').nth(i);
      const xBefore = (await slide(2).boundingBox())!.x;
      await region.getByRole('button', { name: tx.next }).click();
      await expect(list).toHaveAttribute('data-index', '2');
      // The track moves with the reading direction: in Hebrew the next card comes from the left. (The slide's CSS
      // transition runs on real time: the position is read until it has moved.)
      const xAfter = expect.poll(async () => (await slide(2).boundingBox())!.x);
      if (lang === 'he') await xAfter.toBeGreaterThan(xBefore);
      else await xAfter.toBeLessThan(xBefore);
      await region.getByRole('button', { name: tx.previous }).click();
      await region.getByRole('button', { name: tx.previous }).click();
      await expect(list).toHaveAttribute('data-index', '0');
      await region.getByRole('button', { name: tx.previous }).click();
      const total = await list.locator('li').count();
      await expect(list).toHaveAttribute('data-index', String(total - perView));

      // Focus inside stops it (WCAG 2.2.2): the clicked button keeps the focus.
      await region.getByRole('button', { name: tx.next }).click();
      await expect(list).toHaveAttribute('data-index', '0');
      await page.mouse.move(1, 1);
      await page.clock.runFor(11_000);
      await expect(list).toHaveAttribute('data-index', '0');
      // Pause holds it after the focus and the pointer have left, until play.
      const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await region.getByRole('button', { name: tx.pause }).click();
      await blur();
      await page.mouse.move(1, 1);
      await page.clock.runFor(11_000);
      await expect(list).toHaveAttribute('data-index', '0');
      await region.getByRole('button', { name: tx.play }).click();
      await blur();
      await page.mouse.move(1, 1);
      await page.clock.runFor(5_100);
      await expect(list).toHaveAttribute('data-index', '1');
    });

    test('the WhatsApp button opens wa.me with the number and a prefilled message; a visitor is asked to log in @phone', async ({ page }) => {
      await page.goto('/');
      const button = page.getByRole('link', { name: tx.whatsapp });
      await expect(button).toBeVisible();
      const href = await button.getAttribute('href');
      const url = new URL(href!);
      expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/97235550100');
      expect(url.searchParams.get('text')).toBe(tx.message);
      await expect(button).toHaveAttribute('target', '_blank');
      await expect(button).toHaveAttribute('rel', /noopener/);

      await showTrips(page);
      const note = page.getByRole('note').filter({ hasText: tx.getStarted });
      await note.scrollIntoViewIfNeeded();
      await expect(note).toBeVisible();
      await note.getByRole('button', { name: tx.signIn }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
}

test.describe('home page, reduced motion', () => {
  test.use({ lang: 'en' });

  test('the carousel does not move by itself and offers no pause button', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await showTrips(page);
    const region = carousel(page, TEXT.en.latest);
    await region.scrollIntoViewIfNeeded();
    await expect(track(page, TEXT.en.latest)).toHaveAttribute('data-index', '0');
    await expect(region.getByRole('button', { name: TEXT.en.pause })).toHaveCount(0);
    await page.clock.runFor(11_000);
    await expect(track(page, TEXT.en.latest)).toHaveAttribute('data-index', '0');
    await region.getByRole('button', { name: TEXT.en.next }).click();
    await expect(track(page, TEXT.en.latest)).toHaveAttribute('data-index', '1');
  });
});
