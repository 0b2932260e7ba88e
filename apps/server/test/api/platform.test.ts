import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const builtWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const webIsBuilt = existsSync(join(builtWebDist, 'index.html'));
if (!webIsBuilt) {
  console.warn(
    `platform.test: ${builtWebDist}/index.html does not exist (run npm run build); skipping the built web app checks`,
  );
}

/** Health, client settings, the OpenAPI document, unknown routes and the JSON 404. */
describe('platform calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('GET /api/health: 200, ok and the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ServerMassageCode: 'success',
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(res.json().database).toBe(t.db.kind);
  });

  it('GET /api/client_config: the public sign-in settings, no secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client_config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ServerMassageCode: 'success',
      googleClientId: null,
      facebookAppId: null,
    });
    expect(res.body).not.toMatch(/secret/i);
  });

  it('an unknown API path: 404 JSON route_not_found', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/app_login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ ServerMassageCode: 'route_not_found' });
    }
  });

  it('GET /api/docs/json: an OpenAPI document listing the calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/app_login',
      '/api/register_new_user_api',
      '/api/request_password_reset',
      '/api/reset_password',
      '/api/contact_form_api',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/api/app_login'].post).toBeDefined();
  });

  it('GET /api/docs: the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('a non-API path when the web app is not built: 404, not a crash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(res.statusCode).toBe(404);
  });

  it('sends the security headers on the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sends the security headers on errors too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

/** The built web app is served for every non-API path (history-mode routing), with its security headers. */
describe('the web app', () => {
  describe('a web app folder (made by the test)', () => {
    let t: TestApp;
    let dist: string;
    const html =
      '<!doctype html><html dir="rtl" lang="he"><head><title>rides</title></head><body><div id="root"></div></body></html>';
    beforeAll(async () => {
      dist = await mkdtemp(join(tmpdir(), 'rides-web-dist-'));
      await mkdir(join(dist, 'assets'));
      await writeFile(join(dist, 'index.html'), html);
      await writeFile(join(dist, 'assets', 'app-1234abcd.js'), 'console.log(1)');
      t = await createTestApp({ WEB_DIST: dist });
    });
    afterAll(async () => {
      await t?.dispose();
      await rm(dist, { recursive: true, force: true });
    });

    it('a client route gets index.html as text/html with a content security policy, never cached', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/some/page?x=1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(html);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('hashed assets are cached for a year; a missing asset is a real 404', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234abcd.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await t.app.inject({ method: 'GET', url: '/assets/old-0000.js' })).statusCode).toBe(404);
    });

    it('unknown API paths still answer JSON', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ServerMassageCode: 'route_not_found' });
    });
  });

  describe.skipIf(!webIsBuilt)('the built web app (apps/web/dist; skipped when not built)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ WEB_DIST: builtWebDist });
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('/some/page: 200 text/html with a content security policy', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/some/page' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<div id="root"|<!doctype html>/i);
      expect(res.headers['content-security-policy']).toBeDefined();
    });
  });
});
