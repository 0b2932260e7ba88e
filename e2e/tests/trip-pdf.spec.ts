import { execFileSync } from 'node:child_process';
import { expect, test } from '../support/fixtures.js';

/**
 * The trip as a PDF from the trip page (issue 19 points 1, 2; decision 0032): the export menu, the warning, the file
 * under the trip's title, and what its pages say, read back with poppler's pdftotext (.ci/run installs poppler-utils).
 */
/** The document's text without the bidi marks pdftotext puts around each run. */
const pdfText = (file: string): string =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
const pdfPages = (file: string): number => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

test.describe('PDF, Hebrew', () => {
  test.use({ lang: 'he' });

  test('a traveller downloads the 14-day Hebrew trip as a PDF: cover, days, pages numbered', async ({ page }, info) => {
    await page.goto('/single_ride_with_map/1');
    await page.getByRole('button', { name: 'ייצוא' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/ישראל מצפון לדרום.*\.pdf$/);
    const file = info.outputPath('trip-1.pdf');
    await download.saveAs(file);
    const text = pdfText(file);
    // pdftotext reads a right-to-left line in logical order: the Hebrew words come back as they were typed. (It moves
    // numbers beside Hebrew words around, so the checks are on words; the bidi tests of apps/server/test/pdf are exact.)
    expect(text).toContain('ישראל מצפון לדרום');
    expect(text).toContain('יום ראשון'); // the first day's heading: Sunday 15 March 2026
    expect(text).toContain('במרץ 2026');
    expect(text).toContain('מלון קולוני חיפה'); // the first night's stay
    expect(text).toContain('פתיחת היום ב'); // each day in Google Maps
    expect(text).toMatch(/עמוד\s*1\s*מתוך/); // page numbers
    // A cover and a page for each of the 14 days.
    expect(pdfPages(file)).toBeGreaterThanOrEqual(15);
  });
});

test.describe('PDF, English', () => {
  test('a traveller downloads an English trip as a PDF, left to right', async ({ page }, info) => {
    await page.goto('/single_ride_with_map/72');
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/Paris, Loire and Normandy.*\.pdf$/);
    const file = info.outputPath('trip-72.pdf');
    await download.saveAs(file);
    const text = pdfText(file);
    expect(text).toContain('Paris, Loire and Normandy');
    expect(text).toContain('Eiffel Tower');
    expect(text).toMatch(/Day 1\b/);
    expect(pdfPages(file)).toBeGreaterThanOrEqual(3);
  });
});
