/**
 * Looks at screens the way the team reviews them: every given path in Hebrew and English, at 1280 and 390 px.
 * usage: node --import tsx e2e/support/screenshots.ts <baseUrl> <outDir> /path1 /path2 ...
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const lang of ['he', 'en']) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((l) => {
      localStorage.setItem('selectedLanguage', l);
      localStorage.setItem('cookieConsent', 'true');
    }, lang);
    const page = await context.newPage();
    for (const path of paths.length ? paths : ['/']) {
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${lang}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      console.log(join(outDir, name));
    }
    await context.close();
  }
}
await browser.close();
