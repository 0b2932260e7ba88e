import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteManifest } from '../../src/plugins/page-preloads.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The server's rendering of pages (decision 0016), wired to a stand-in for the web app's render module that shows
 * what it was asked (address, language, the trip it was given). The real module is exercised by the e2e suite
 * (e2e/tests/server-render.spec.ts); here: which pages are rendered, in which language, with which data, and that a
 * failing render still gives a working page.
 */
function fakeWeb(): { web: string; ssr: string } {
  const root = mkdtempSync(join(tmpdir(), 'rides-ssr-'));
  const web = join(root, 'dist');
  const ssr = join(root, 'dist-ssr');
  mkdirSync(join(web, '.vite'), { recursive: true });
  mkdirSync(ssr, { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html lang="he" dir="rtl" data-mantine-color-scheme="light"><head><title>shell</title>' +
      '<script type="module" crossorigin src="/assets/index-E.js"></script></head>' +
      '<body><div id="root"><!--boot--><div class="boot"></div><!--/boot--></div></body></html>',
  );
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-E.js', isEntry: true },
    'src/features/trip/view/pages/TripPage.tsx': { file: 'assets/TripPage-T.js', css: ['assets/Trip-T.css'] },
    'src/boot.tsx': { file: 'assets/boot-B.js' },
    'src/locales/he.json': { file: 'assets/he-L.js' },
  };
  writeFileSync(join(web, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(ssr, 'entry-server.js'),
    `let calls = 0;
export async function render({ url, language, trip }) {
  calls += 1;
  if (url.endsWith('/single_ride_with_map/72')) throw new Error('render failed');
  const title = trip ? trip.rideAttractions.ride.title : 'home';
  return '<title>' + title + ' · rides</title><main data-url="' + url + '" data-lang="' + language + '" data-calls="' + calls + '">' + title + '</main>';
}`,
  );
  return { web, ssr };
}

describe('server rendering of public pages', () => {
  let t: TestApp;
  let dirs: { web: string; ssr: string };
  beforeAll(async () => {
    dirs = fakeWeb();
    t = await createTestApp({ WEB_DIST: dirs.web, WEB_SSR_DIST: dirs.ssr, SUBDOMAIN_DOT_COUNT: '2' });
    await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(join(dirs.web, '..'), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('renders a public trip in Hebrew by default: the root, its title in <head>, its styles linked, no script preloads', async () => {
    const res = await get('/single_ride_with_map/843');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    const body = res.body;
    expect(body).toMatch(/<div id="root" data-ssr="he"><main data-url="http:\/\/localhost\/single_ride_with_map\/843" data-lang="he"/);
    expect(body).not.toContain('<!--boot-->');
    expect(body).toMatch(/<head><title>[^<]+ · rides<\/title>/);
    expect(body).not.toContain('<title>shell</title>');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/Trip-T.css">');
    expect(body).not.toContain('modulepreload');
    // The same reads travel with the page, for the browser's first render.
    expect(body).toContain('id="rides-trip-data"');
  });

  it('renders in the language of the cookie, with the page direction', async () => {
    const body = (await get('/', { cookie: 'other=1; selectedLanguage=en' })).body;
    expect(body).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="light">');
    expect(body).toContain('data-ssr="en"');
    expect(body).toContain('data-lang="en"');
    // An unknown language is Hebrew.
    expect((await get('/', { cookie: 'selectedLanguage=xx' })).body).toContain('data-ssr="he"');
  });

  it("renders an English trip in the visitor's language, not the trip's (decision 0042)", async () => {
    // Trip 183 is written in English: a Hebrew visitor (no cookie, or theirs) still gets the Hebrew interface.
    for (const cookie of [undefined, 'selectedLanguage=he']) {
      const body = (await get('/single_ride_with_map/183', cookie ? { cookie } : {})).body;
      expect(body).toContain('<html lang="he" dir="rtl" data-mantine-color-scheme="light">');
      expect(body).toContain('data-ssr="he"');
      expect(body).toContain('data-lang="he"');
    }
    // ...and an English visitor of a Hebrew trip the English one.
    const english = (await get('/single_ride_with_map/843', { cookie: 'selectedLanguage=en' })).body;
    expect(english).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="light">');
    expect(english).toContain('data-lang="en"');
  });

  it('keeps a rendered page and renders again when the trip changes', async () => {
    const first = (await get('/single_ride_with_map/1')).body;
    const again = (await get('/single_ride_with_map/1')).body;
    expect(again).toBe(first);
    const other = (await get('/single_ride_with_map/1?day=2')).body;
    expect(other).not.toBe(first);
  });

  it('does not render a private or missing trip, a themed sub-domain or other pages: they get the shell', async () => {
    for (const url of ['/single_ride_with_map/999999', '/about', '/search_ride']) {
      const body = (await get(url)).body;
      expect(body).toContain('<!--boot-->');
      expect(body).not.toContain('data-ssr');
    }
    const themed = (await get('/single_ride_with_map/843', { host: 'acme.rides.example.com' })).body;
    expect(themed).toContain('<!--boot-->');
    expect(themed).toContain('id="rides-trip-data"');
  });

  it('sends the working shell when the render fails, and never a 500', async () => {
    const res = await get('/single_ride_with_map/72');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<!--boot-->');
    expect(res.body).toContain('modulepreload');
    expect(res.body).toContain('id="rides-trip-data"');
  });
});
