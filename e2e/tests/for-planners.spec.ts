import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { axe } from '../support/axe.js';

/**
 * Issue 18 point 8, the planners landing page (/for-planners, 002 §2.8, decision 0031), Hebrew right to left and
 * English, at 1280 and 390 px (@phone): every part, the screenshots carousel (previous disabled on the first slide,
 * next on the last, dots jump), the contact action's order (calendar, WhatsApp with the prefilled text, phone, mail,
 * the contact form) with the settings set and unset, and the server's rendering of the page.
 * The outbox server runs with the default settings (the demo trip, the home page's WhatsApp number, nothing else);
 * other settings are given to the page by answering its /api/client_config in the browser.
 */

const TEXT = {
  he: {
    dir: 'rtl',
    title: 'כל טיול שאתם מתכננים – מסלול חי שהלקוחות פותחים בקישור',
    book: 'קביעת פגישת היכרות',
    bookShort: 'לקביעת פגישה',
    what: 'מה זה rides?',
    screens: 'ככה זה נראה',
    captions: [
      'הטיול המלא',
      'פירוט יומי עם ניווט',
      'כל הפעילויות לפי ימים',
      'מפה לכל יום',
      'ניווט ישיר ליעדים',
    ],
    benefits: 'למה מתכננים בוחרים ב-rides',
    summary: 'המומחיות שלכם, במסירה מושלמת',
    demo: 'לצפייה בהדגמה חיה',
    cta: 'בואו נתכנן יחד את הטיול של הלקוח הבא',
    ctaBook: 'קביעת פגישה',
    leaveDetails: 'השארת פרטים',
    previous: 'המסך הקודם',
    next: 'המסך הבא',
    message: 'שלום, אני מתכנן/ת טיולים ואשמח לשמוע על rides למתכננים.',
    links: ['דף הבית', 'אודות', 'תנאי שימוש', 'מדיניות פרטיות'],
    whatsapp: 'כתבו לנו בוואטסאפ',
    contactForm: 'צרו קשר',
    rights: 'כל הזכויות שמורות',
  },
  en: {
    dir: 'ltr',
    title: 'Deliver every trip as a living itinerary your clients open by link',
    book: 'Book an intro meeting',
    bookShort: 'Book a meeting',
    what: 'What is rides?',
    screens: 'See it in action',
    captions: [
      'The whole trip',
      'Day by day, with navigation',
      'All activities by day',
      'A map of every day',
      'Navigation to every place',
    ],
    benefits: 'Why planners choose rides',
    summary: 'Your expertise, delivered beautifully',
    demo: 'Open the live demo',
    cta: "Let's plan your next client's trip together",
    ctaBook: 'Book a meeting',
    leaveDetails: 'Leave details',
    previous: 'Previous screen',
    next: 'Next screen',
    message: "Hello, I'm a trip planner and I'd like to hear about rides for planners.",
    links: ['Home', 'About', 'Terms of use', 'Privacy policy'],
    whatsapp: 'WhatsApp us',
    contactForm: 'Contact us',
    rights: 'All rights reserved',
  },
} as const;

type Settings = {
  demoUrl: string | null;
  calendarUrl: string | null;
  whatsappNumber: string | null;
  whatsappMessage: string | null;
  phone: string | null;
  email: string | null;
  socialUrl: string | null;
};
const NONE: Settings = {
  demoUrl: null,
  calendarUrl: null,
  whatsappNumber: null,
  whatsappMessage: null,
  phone: null,
  email: null,
  socialUrl: null,
};

/** The page gets these settings: the server's answer to /api/client_config with its forPlanners replaced. */
async function withSettings(page: Page, settings: Settings) {
  await page.route('**/api/client_config', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, forPlanners: settings } });
  });
}

/** The header's contact button (its text is shorter on a phone). */
const headerContact = (page: Page) => page.getByRole('banner').getByTestId('planners-header-contact');

for (const lang of ['he', 'en'] as const) {
  const tx = TEXT[lang];
  test.describe(`planners landing page (${lang})`, () => {
    test.use({ lang });

    test('the server renders it, in the visitor language, with every part and no console errors @phone', async ({
      page,
      request,
    }) => {
      // The HTML itself carries the page (decision 0016): the hero's title before any script runs.
      const html = await (
        await request.get('/for-planners', { headers: { cookie: `selectedLanguage=${lang}` } })
      ).text();
      expect(html).toContain(`data-ssr="${lang}"`);
      expect(html).toContain(`<html lang="${lang}" dir="${tx.dir}"`);
      expect(html).toContain(tx.title.replace(/'/g, '&#x27;'));

      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto('/for-planners');
      await expect(page.locator('html')).toHaveAttribute('dir', tx.dir);
      const width = page.viewportSize()!.width;

      // Header: the logo (home) and "book an intro meeting" (WhatsApp by default, see below).
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: /rides/ }).first()).toHaveAttribute('href', '/');
      // One of its two texts shows (the short one on a phone); the hidden one is not part of its name.
      await expect(headerContact(page)).toHaveAccessibleName(width < 576 ? tx.bookShort : tx.book);
      await expect(headerContact(page)).toHaveAttribute('data-action', 'whatsapp');
      // The sticky header is opaque: the page scrolls under it unseen (issue 30: it was 96% white).
      expect(await header.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(255, 255, 255)');
      // A desktop's hero is the text and, beside it, the trip on a phone (issue 30: half of it was empty); a phone's
      // hero is the text alone.
      const heroShot = page.getByTestId('planners-hero-shot');
      if (width >= 992) {
        await expect(heroShot).toBeVisible();
        const heading = (await page.getByRole('heading', { level: 1, name: tx.title }).boundingBox())!;
        const shot = (await heroShot.boundingBox())!;
        expect(shot.y).toBeLessThan(heading.y + heading.height);
        if (lang === 'he') expect(shot.x + shot.width).toBeLessThanOrEqual(heading.x);
        else expect(shot.x).toBeGreaterThanOrEqual(heading.x + heading.width);
      } else await expect(heroShot).toBeHidden();

      // Hero, what it is, the screens, the benefits (six), the summary with the live demo, the call to action.
      await expect(page.getByRole('heading', { level: 1, name: tx.title })).toBeVisible();
      await expect(page.getByTestId('planners-hero-contact')).toHaveText(tx.book);
      await expect(page.getByRole('heading', { level: 2, name: tx.what })).toBeVisible();
      await expect(page.getByTestId('planners-what').locator('li')).toHaveCount(3);
      await expect(page.getByRole('heading', { level: 2, name: tx.screens })).toBeAttached();
      await expect(page.getByTestId('planners-slide')).toHaveCount(5);
      for (const [i, caption] of tx.captions.entries())
        await expect(page.getByTestId('planners-slide').nth(i).locator('figcaption')).toContainText(caption);
      await expect(page.getByRole('heading', { level: 2, name: tx.benefits })).toBeAttached();
      await expect(page.getByTestId('planners-benefits').locator('li')).toHaveCount(6);
      await expect(page.getByRole('heading', { level: 2, name: tx.summary })).toBeAttached();
      await expect(page.getByRole('link', { name: tx.demo })).toHaveAttribute(
        'href',
        '/single_ride_with_map/1',
      );
      const cta = page.getByTestId('planners-cta');
      await expect(cta.getByRole('heading', { level: 2, name: tx.cta })).toBeAttached();
      await expect(cta.getByTestId('planners-cta-contact')).toHaveText(tx.ctaBook);
      await expect(cta.getByRole('button', { name: tx.leaveDetails })).toBeAttached();

      // Footer: WhatsApp and phone, the links, the copyright with this year.
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: tx.whatsapp })).toHaveAttribute(
        'href',
        /^https:\/\/wa\.me\/97235550100\?text=/,
      );
      await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
      for (const name of tx.links)
        await expect(footer.getByRole('link', { name, exact: true })).toBeAttached();
      await expect(page.getByTestId('planners-copyright')).toContainText(String(new Date().getFullYear()));
      await expect(page.getByTestId('planners-copyright')).toContainText(tx.rights);

      // Nothing wider than the window, at 390 px too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const results = await axe(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      expect(problems).toEqual([]);

      // The live demo is the demo trip.
      await page.getByRole('link', { name: tx.demo }).click();
      await expect(page).toHaveURL(/\/single_ride_with_map\/1$/);
    });

    test('the carousel: previous disabled on the first slide, next on the last, dots jump; lazy shots @phone', async ({
      page,
    }) => {
      await page.goto('/for-planners');
      const carousel = page.getByTestId('planners-carousel');
      await carousel.scrollIntoViewIfNeeded();
      const previous = carousel.getByRole('button', { name: tx.previous });
      const next = carousel.getByRole('button', { name: tx.next });
      const slides = page.getByTestId('planners-slide');
      const dots = page.getByTestId('planners-carousel-dot');
      const active = () => slides.evaluateAll((els) => els.findIndex((e) => e.hasAttribute('data-active')));

      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();
      expect(await active()).toBe(0);
      // The shown slide's shot and the next one's are in the page; the others come when one step away.
      await expect(page.locator('[data-testid=planners-slide] img')).toHaveCount(2);
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
      // Only the slide in view is read and focused: the others are inert.
      await expect(slides.nth(1)).toHaveAttribute('inert', '');
      await expect(slides.nth(0)).not.toHaveAttribute('inert', '');

      await next.click();
      await expect.poll(active).toBe(1);
      await expect(previous).toBeEnabled();
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
      await expect(dots.nth(0)).not.toHaveAttribute('aria-current', /.+/);

      // A dot jumps: to the last, where next is disabled.
      await dots.nth(4).click();
      await expect.poll(active).toBe(4);
      await expect(next).toBeDisabled();
      await expect(previous).toBeEnabled();
      await expect(slides.nth(4).locator('figcaption')).toContainText(tx.captions[4]);
      await previous.click();
      await expect.poll(active).toBe(3);
      await dots.nth(0).click();
      await expect.poll(active).toBe(0);
      await expect(previous).toBeDisabled();

      // The shown slide is in view; the track slides the way the page reads (the next slide waits on the reading
      // side's end: right of the first in English, left of it in Hebrew).
      const box = async (i: number) => (await slides.nth(i).boundingBox())!;
      const first = await box(0);
      const second = await box(1);
      if (lang === 'he') expect(second.x).toBeLessThan(first.x);
      else expect(second.x).toBeGreaterThan(first.x);

      // Real screenshots of the product, in the page's language, AVIF and WebP, sized, lazy after the first.
      const images = page.locator('[data-testid=planners-slide] img');
      await expect(images).toHaveCount(5);
      await expect(images.nth(0)).toHaveAttribute('loading', 'eager');
      for (let i = 1; i < 5; i++) await expect(images.nth(i)).toHaveAttribute('loading', 'lazy');
      for (let i = 0; i < 5; i++) {
        await expect(images.nth(i)).toHaveAttribute('width', '390');
        await expect(images.nth(i)).toHaveAttribute('height', '720');
        await expect(images.nth(i)).toHaveAttribute('alt', /.{10,}/);
      }
      await expect(
        page.locator('[data-testid=planners-slide] source[type="image/avif"]').first(),
      ).toHaveAttribute(
        'srcset',
        new RegExp(
          `/for-planners/${lang}/full-trip-390\\.avif 390w, /for-planners/${lang}/full-trip-780\\.avif 780w`,
        ),
      );
      await expect
        .poll(() => images.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const shot = await page.request.get(`/for-planners/${lang}/day-map-780.webp`);
      expect(shot.status()).toBe(200);
      expect(shot.headers()['content-type']).toBe('image/webp');
    });

    test('the contact action follows the order: calendar, WhatsApp with the message, phone, mail, the form @phone', async ({
      page,
    }) => {
      const full: Settings = {
        demoUrl: 'https://demo.rides.example/single_ride_with_map/3',
        calendarUrl: 'https://calendar.example/rides/intro',
        whatsappNumber: '972501234567',
        whatsappMessage: null,
        phone: '+972-50-765-4321',
        email: 'planners@rides.example',
        socialUrl: 'https://www.instagram.com/rides.example',
      };
      const buttons = () => [
        headerContact(page),
        page.getByTestId('planners-hero-contact'),
        page.getByTestId('planners-cta-contact'),
      ];
      const expectAll = async (action: string, href: string | RegExp | null) => {
        for (const button of buttons()) {
          await expect(button).toHaveAttribute('data-action', action);
          if (href === null) await expect(button).not.toHaveAttribute('href', /.*/);
          else await expect(button).toHaveAttribute('href', href);
        }
      };

      // Everything set: the calendar, in a new tab; the demo link and the social link are the configured ones.
      await withSettings(page, full);
      await page.goto('/for-planners');
      await expectAll('calendar', 'https://calendar.example/rides/intro');
      await expect(headerContact(page)).toHaveAttribute('target', '_blank');
      await expect(page.getByRole('link', { name: tx.demo })).toHaveAttribute('href', full.demoUrl!);
      await expect(
        page.getByRole('contentinfo').locator('a[href="https://www.instagram.com/rides.example"]'),
      ).toHaveCount(1);
      await expect(page.getByRole('contentinfo').locator('a[href="tel:+972507654321"]')).toHaveCount(1);

      // No calendar: WhatsApp, with the page's prefilled message in the visitor's language.
      await page.unrouteAll();
      await withSettings(page, { ...full, calendarUrl: null });
      await page.reload();
      await expectAll('whatsapp', `https://wa.me/972501234567?text=${encodeURIComponent(tx.message)}`);
      // ...or the configured message.
      await page.unrouteAll();
      await withSettings(page, { ...full, calendarUrl: null, whatsappMessage: 'Hi from the settings' });
      await page.reload();
      await expectAll(
        'whatsapp',
        `https://wa.me/972501234567?text=${encodeURIComponent('Hi from the settings')}`,
      );

      // No WhatsApp either: a phone call; then an e-mail draft.
      await page.unrouteAll();
      await withSettings(page, { ...full, calendarUrl: null, whatsappNumber: null });
      await page.reload();
      await expectAll('phone', 'tel:+972507654321');
      await page.unrouteAll();
      await withSettings(page, { ...NONE, email: 'planners@rides.example' });
      await page.reload();
      await expectAll('email', /^mailto:planners@rides\.example\?subject=.+&body=.+/);
      // Nothing set: the contact form; no demo link; no WhatsApp in the footer.
      await page.unrouteAll();
      await withSettings(page, NONE);
      await page.reload();
      await expectAll('form', null);
      await expect(page.getByRole('link', { name: tx.demo })).toHaveCount(0);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: tx.whatsapp })).toHaveCount(0);
      await page.getByTestId('planners-hero-contact').click();
      const dialog = page.getByRole('dialog', { name: tx.contactForm });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('"leave details" opens the contact form, which sends @phone', async ({ page }) => {
      await page.goto('/for-planners');
      await page.getByTestId('planners-leave-details').click();
      const dialog = page.getByRole('dialog', { name: tx.contactForm });
      await expect(dialog).toBeVisible();
      const form =
        lang === 'he'
          ? { name: 'שם', email: 'דוא״ל', message: 'הודעה', submit: 'שליחת ההודעה' }
          : { name: 'Name', email: 'Email', message: 'Message', submit: 'Send message' };
      await dialog.getByRole('textbox', { name: form.name, exact: true }).fill('Dana Planner');
      await dialog.getByRole('textbox', { name: form.email, exact: true }).fill('dana.planner@example.com');
      await dialog
        .getByRole('textbox', { name: form.message, exact: true })
        .fill('I plan trips for families and would like a demo.');
      await dialog.getByRole('button', { name: form.submit }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
