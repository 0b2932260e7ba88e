import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadTags, type ViteManifest } from '../../src/plugins/page-preloads.js';
import { eq } from 'drizzle-orm';
import { rides } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** A built web app in miniature: index.html with its entry, and a manifest naming the trip page's chunks. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rides-web-'));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-E.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shared-S.js"></head><body><div id="root"></div></body></html>',
  );
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_shared-S.js'] },
    '_shared-S.js': { file: 'assets/shared-S.js' },
    '_cards-C.js': { file: 'assets/cards-C.js', css: ['assets/cards-C.css'] },
    'src/features/trip/view/pages/TripPage.tsx': { file: 'assets/TripPage-T.js', imports: ['index.html', '_shared-S.js', '_cards-C.js'] },
    'src/features/home/pages/HomePage.tsx': { file: 'assets/HomePage-H.js', imports: ['_shared-S.js'] },
    'src/locales/he.json': { file: 'assets/he-L.js' },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('page HTML: preloads and the trip data', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp({ WEB_DIST: webDist, WEB_SSR_DIST: join(webDist, 'no-ssr-here') });
    await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
    return { res, body };
  };

  it('names the trip page chunks, its style sheet and the default language, not the entry again', async () => {
    const { res, body } = await page('/single_ride_with_map/843');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    for (const file of ['TripPage-T.js', 'cards-C.js', 'he-L.js'])
      expect(body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/cards-C.css">');
    expect(body.match(/shared-S\.js/g)).toHaveLength(1);
    expect(body.match(/index-E\.js/g)).toHaveLength(1);
    expect(body).not.toContain('HomePage-H.js');
  });

  it('carries a public trip as a visitor sees it, in an element that cannot end early', async () => {
    const { body } = await page('/single_ride_with_map/843', { 'accept-encoding': 'gzip' });
    const json = /<script type="application\/json" id="rides-trip-data">(.*?)<\/script>/s.exec(body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    const data = JSON.parse(json ?? '') as { rideId: number; rideAttractions: { ride: { id: number } }; rideHeader: { isAuthor: boolean }; userInfo: { ServerMassageCode: string } };
    expect(data.rideId).toBe(843);
    expect(data.rideAttractions.ride.id).toBe(843);
    expect(data.rideHeader.isAuthor).toBe(false);
    expect(data.userInfo.ServerMassageCode).toBe('success');
  });

  it('carries nothing for a trip that does not exist, and other pages get only the language', async () => {
    const missing = await page('/single_ride_with_map/999999');
    expect(missing.res.statusCode).toBe(200);
    expect(missing.body).not.toContain('rides-trip-data');
    const home = await page('/', { 'accept-encoding': 'br, gzip' });
    expect(home.res.headers['content-encoding']).toBe('br');
    const other = await page('/about');
    expect(other.body).toContain('he-L.js');
    expect(other.body).not.toContain('TripPage-T.js');
  });

  it('carries nothing for a private trip: a visitor may not see it', async () => {
    expect((await page('/single_ride_with_map/183')).body).toContain('rides-trip-data');
    await t.db.db.update(rides).set({ type: 'private' }).where(eq(rides.id, 183));
    t.app.rides.invalidateTrip(183);
    const { res, body } = await page('/single_ride_with_map/183');
    expect(res.statusCode).toBe(200);
    expect(body).not.toContain('rides-trip-data');
  });

  it('answers a JSON 404 under /api and a plain 404 for a missing asset', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing_here' })).json()).toEqual({ ServerMassageCode: 'route_not_found' });
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });
});

describe('preloadTags', () => {
  it('skips unknown modules and the entry', () => {
    expect(preloadTags({ 'index.html': { file: 'assets/i.js', isEntry: true } }, ['index.html', 'nope.tsx'])).toBe('');
  });
});
