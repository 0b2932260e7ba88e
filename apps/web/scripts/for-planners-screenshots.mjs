/* global window */
/**
 * The five screenshots of the planners landing page's carousel (/for-planners, decision 0031): real screenshots of
 * this product on its demo trips (Hebrew: trip 1, English: trip 183), taken with headless Chromium at a phone's width
 * and written as AVIF and WebP, 1x and 2x, to public/for-planners/<language>/<slide>-<width>.<format>.
 *
 *   node apps/web/scripts/for-planners-screenshots.mjs http://127.0.0.1:3000
 *
 * The server must be the built product with its demo data (npm start). Run from the repository root (Playwright from
 * the e2e workspace, sharp from the server's).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');
const sharp = require(
  require.resolve('sharp', { paths: [join(dirname(fileURLToPath(import.meta.url)), '../../server')] }),
);

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = join(dirname(fileURLToPath(import.meta.url)), '../public/for-planners');
/** CSS pixels of a shot; taken at 2x. */
const WIDTH = 390;
const HEIGHT = 720;

const TRIPS = { he: 1, en: 183 };

/** Each slide: where it is taken and what is scrolled to the top first (or nothing). */
const slides = (ride) => [
  { key: 'full-trip', url: `/single_ride_with_map/${ride}`, top: null },
  { key: 'daily-breakdown', url: `/single_ride_with_map/${ride}`, top: '#trip-day-chips', before: 64 },
  { key: 'activities-by-day', url: `/single_ride_with_map/${ride}?day=2`, top: '#trip-day-2', before: 112 },
  { key: 'day-map', url: `/full_screen_single_ride_map/${ride}/2`, top: null },
  {
    key: 'navigation',
    url: `/single_ride_with_map/${ride}`,
    top: '#trip-day-1 a[href*="waze"]',
    before: 420,
  },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [language, ride] of Object.entries(TRIPS)) {
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 2,
      locale: language === 'he' ? 'he-IL' : 'en-US',
    });
    await context.addInitScript((lng) => {
      localStorage.setItem('cookieConsent', 'true');
      localStorage.setItem('selectedLanguage', lng);
    }, language);
    const page = await context.newPage();
    mkdirSync(join(out, language), { recursive: true });
    for (const slide of slides(ride)) {
      await page.goto(base + slide.url);
      await page.waitForSelector('html[data-app-ready]');
      await page.waitForLoadState('networkidle');
      if (slide.top) {
        const target = page.locator(slide.top).first();
        await target.waitFor();
        await target.evaluate((el, before) => {
          window.scrollTo({
            top: el.getBoundingClientRect().top + window.scrollY - before,
            behavior: 'instant',
          });
        }, slide.before ?? 0);
      }
      // Let the map settle and lazy parts render (a screenshot tool, not a test).
      await page.waitForTimeout(1200);
      const png = await page.screenshot();
      for (const scale of [1, 2]) {
        const width = WIDTH * scale;
        const resized = sharp(png).resize({ width });
        await resized
          .clone()
          .webp({ quality: 72, effort: 6 })
          .toFile(join(out, language, `${slide.key}-${width}.webp`));
        await resized
          .clone()
          .avif({ quality: 50, effort: 6 })
          .toFile(join(out, language, `${slide.key}-${width}.avif`));
      }
      console.log(`${language} ${slide.key}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
