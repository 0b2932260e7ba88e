import { expect, test } from '../support/fixtures.js';

/**
 * The trip's text is HTML written by its author. The server cleans it when it answers; the page does not trust
 * that either and rebuilds it from an allow-list (apps/web/src/lib/rich-text.ts). Here the answer itself is hostile.
 */
// The trip's reads go through the service worker once it controls the tab (NetworkFirst), and page.route does not see
// requests a service worker makes: without it, the answer below is always the one this test changes.
test.use({ serviceWorkers: 'block' });

test('hostile HTML in a trip runs nothing and keeps its readable text', async ({ page }) => {
  const hostile =
    '<p onclick="window.__xss=1">Plain <b>bold</b> text<img src="x" onerror="window.__xss=2">' +
    '<script>window.__xss=3</script><a href="javascript:window.__xss=4">bad link</a> ' +
    '<a href="https://example.com/ok" onmouseover="window.__xss=5">good link</a></p>' +
    '<svg><script>window.__xss=6</script></svg><iframe src="javascript:window.__xss=7"></iframe><style>body{display:none}</style>';
  await page.goto('/single_ride_with_map/183');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/ride_attractions_api/843', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { ride: { text: string } };
    body.ride.text = hostile;
    await route.fulfill({ response: answer, json: body });
  });
  // Within the app, so the page asks the API (a page's HTML already carries its trip for a visitor).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/single_ride_with_map/843');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const text = page.getByText('Plain bold text');
  await expect(text).toBeVisible();
  await expect(text.locator('b')).toHaveText('bold');
  await expect(page.getByRole('link', { name: 'good link' })).toHaveAttribute(
    'href',
    'https://example.com/ok',
  );
  await expect(page.getByRole('link', { name: 'good link' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'bad link' })).toHaveCount(0);
  await expect(page.getByText('bad link')).toBeVisible();
  await page.getByText('Plain bold text').click();
  await page.getByRole('link', { name: 'good link' }).hover();
  const summary = page.locator('section[aria-labelledby="trip-summary-heading"]');
  await expect(
    summary.locator('img[src="x"], script, iframe, svg script, style, [onclick], [onmouseover]'),
  ).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
});

/**
 * Issue 30 point 3 (decision 0044): user text of the other direction, or with phones and codes, shows in its own
 * direction inside the interface's. The set of mixed lines is put into a trip's answer (as in the test above) and the
 * browser's layout is read back: where each character is drawn (Range.getClientRects), and the direction it resolved.
 */
const MIXED = {
  title: "Templars' Tunnel.",
  attraction: "Knights' Halls",
  phone: 'התקשרו ל +972 55-123-4567 לפני הביקור.',
  english: "Knights' Halls.",
  code: 'קוד הזמנה ABC-123, כתובת: רחוב הרצל 12, תל אביב. מחיר ₪120 או €35.',
  opensInEnglish: "Templars' Tunnel היא מנהרה עתיקה בעכו.",
  lines: 'מלון דן<br>Tel. (03) 123-4567.',
};

for (const lang of ['he', 'en'] as const) {
  test.describe(`mixed-direction user text (${lang})`, () => {
    test.use({ lang });

    test('titles, names, phones, codes and paragraphs keep their own direction @phone', async ({ page }) => {
      // A Hebrew trip in both interfaces: the English interface shows its Hebrew sentences, the Hebrew one its English names.
      await page.goto('/');
      await page.route('**/api/ride_attractions_api/843', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as {
          ride: { title: string; text: string };
          attractionsByDay: { daily_attractions: { title: string }[] }[];
        };
        body.ride.title = MIXED.title;
        body.ride.text = [MIXED.phone, MIXED.english, MIXED.code, MIXED.opensInEnglish, MIXED.lines]
          .map((p) => `<p>${p}</p>`)
          .join('');
        const first = body.attractionsByDay.find((d) => d.daily_attractions.length > 0)!
          .daily_attractions[0]!;
        first.title = MIXED.attraction;
        await route.fulfill({ response: answer, json: body });
      });
      await page.evaluate(() => {
        window.history.pushState(null, '', '/single_ride_with_map/843');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText(MIXED.title);
      await expect(page.getByRole('heading', { level: 4, name: MIXED.attraction })).toBeVisible();

      /**
       * The left edges of two characters of `whole` (a text drawn somewhere on the page, possibly split into elements
       * by the isolation): [x of its character at a, x of its character at b], and the direction its line resolved.
       */
      const where = (whole: string, a: number, b: number) =>
        page.evaluate(
          ([whole, a, b]) => {
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
            let el: Element | null = null;
            // The innermost element whose text is the whole line.
            for (let n = walker.nextNode(); n; n = walker.nextNode())
              if ((n as Element).textContent?.includes(whole) && (n as HTMLElement).offsetParent !== null)
                el = n as Element;
            if (!el) return null;
            const text = el.textContent ?? '';
            const start = text.indexOf(whole);
            const x = (offset: number) => {
              // The text node holding the character at `offset` of the element's text.
              const nodes = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
              let seen = 0;
              for (let t = nodes.nextNode() as Text | null; t; t = nodes.nextNode() as Text | null) {
                if (offset < seen + t.length) {
                  const range = document.createRange();
                  range.setStart(t, offset - seen);
                  range.setEnd(t, offset - seen + 1);
                  return range.getClientRects()[0]!.left;
                }
                seen += t.length;
              }
              return NaN;
            };
            return { a: x(start + a), b: x(start + b), direction: getComputedStyle(el).direction };
          },
          [whole, a, b] as const,
        );
      const leftToRight = async (whole: string, first: string, last: string) => {
        const at = await where(whole, whole.indexOf(first), whole.lastIndexOf(last));
        expect(at, whole).not.toBeNull();
        expect(at!.a, `"${first}" left of "${last}" in "${whole}"`).toBeLessThan(at!.b);
      };

      // The English title ends with its full stop on the right, in a Hebrew page too.
      await leftToRight(MIXED.title, 'T', '.');
      // The phone number reads +972 first, on the left, inside a Hebrew sentence; so does the code.
      await leftToRight('+972 55-123-4567', '+', '7');
      await leftToRight(MIXED.phone, '+', '4567');
      await leftToRight('ABC-123', 'A', '3');
      await leftToRight('(03) 123-4567', '(', '7');
      // Each paragraph takes the direction of most of its words, and each line between <br>s its own.
      await leftToRight(MIXED.english, 'K', '.');
      expect((await where(MIXED.english, 0, 1))?.direction).toBe('ltr');
      expect((await where(MIXED.phone, 0, 1))?.direction).toBe('rtl');
      expect((await where(MIXED.opensInEnglish, 0, 1))?.direction).toBe('rtl');
      await leftToRight('Tel. (03) 123-4567.', 'T', '.');
      // The Hebrew sentence reads from the right: its first word is right of its last.
      const sentence = await where(MIXED.phone, 0, MIXED.phone.indexOf('הביקור'));
      expect(sentence!.a).toBeGreaterThan(sentence!.b);
    });
  });
}
