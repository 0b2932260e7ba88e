import { eq } from 'drizzle-orm';
import { subdomainThemeResponse, type SubdomainThemeResponse } from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subdomainThemes } from '../../src/db/schema/index.js';
import { DEMO_THEMES } from '../../src/db/seed/themes.js';
import { subdomainOfHost } from '../../src/modules/themes/themes.service.js';
import type { TestApp } from '../helpers/app.js';
import { createTestApp } from '../helpers/app.js';
import { createTripsTestApp, demoBearer, strangerBearer } from './trips-fixtures.js';

const alpineColors = DEMO_THEMES.find((t) => t.subdomain === 'alpine')?.colors;
const defaultColors = DEMO_THEMES.find((t) => t.isDefault)?.colors;

/** subdomain_theme (000 §9): the theme is chosen by the host; sub-domain only with more dots than the count. */
describe('subdomain_theme', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const themeFor = async (host: string, headers: Record<string, string> = {}): Promise<SubdomainThemeResponse['theme']> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subdomain_theme', headers: { host, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    const body = subdomainThemeResponse.parse(res.json());
    expect(body.ServerMassageCode).toBe('success');
    return body.theme;
  };

  it('main-site hosts get the default theme', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:3101', 'rides.example.com', '[::1]:3000']) {
      const theme = await themeFor(host);
      expect(theme, host).toMatchObject({ name: 'default', subdomain: null, isDefault: true, isManager: false });
      expect(theme.colors).toEqual(defaultColors);
      expect(theme.logoUrl).toMatch(/^data:image\/svg\+xml,/);
    }
  });

  it('a sub-domain host gets its theme, with its colours and logo; case and port do not matter', async () => {
    for (const host of ['alpine.rides.example.com', 'ALPINE.rides.example.com:3000', 'alpine.app.rides.test:3101']) {
      const theme = await themeFor(host);
      expect(theme, host).toMatchObject({ name: 'Alpine', subdomain: 'alpine', isDefault: false, isManager: false });
      expect(theme.colors).toEqual(alpineColors);
      expect(decodeURIComponent(theme.logoUrl ?? '')).toContain('Alpine');
    }
    expect((await themeFor('desert.rides.example.com')).subdomain).toBe('desert');
  });

  it('an unknown sub-domain gets the default theme', async () => {
    expect(await themeFor('nope.rides.example.com')).toMatchObject({ name: 'default', subdomain: null, isDefault: true });
  });

  it('never tells who the manager is; isManager only for the manager on their own sub-domain', async () => {
    const partner = await demoBearer(t, 'subdomain');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subdomain_theme',
      headers: { host: 'alpine.rides.example.com', ...partner },
    });
    expect(res.body).not.toMatch(/user_?id|manager_?id/i);
    expect((await themeFor('alpine.rides.example.com', partner)).isManager).toBe(true);
    expect((await themeFor('desert.rides.example.com', partner)).isManager).toBe(false);
    expect((await themeFor('rides.example.com', partner)).isManager).toBe(false);
    expect((await themeFor('alpine.rides.example.com', await strangerBearer(t))).isManager).toBe(false);
    expect((await themeFor('alpine.rides.example.com', await demoBearer(t, 'planner'))).isManager).toBe(false);
  });

  it('X-Forwarded-Host is ignored unless TRUST_PROXY is on', async () => {
    const theme = await themeFor('127.0.0.1', { 'x-forwarded-host': 'alpine.rides.example.com' });
    expect(theme.isDefault).toBe(true);
  });

  it('themes are cached until invalidated', async () => {
    const [before] = await t.db.db.select().from(subdomainThemes).where(eq(subdomainThemes.subdomain, 'coastal'));
    if (!before) throw new Error('no coastal theme');
    try {
      await themeFor('coastal.rides.example.com');
      await t.db.db
        .update(subdomainThemes)
        .set({ colors: { ...before.colors, primary: '#123456' } })
        .where(eq(subdomainThemes.id, before.id));
      expect((await themeFor('coastal.rides.example.com')).colors.primary).toBe(before.colors.primary);
      t.app.themes.invalidate();
      expect((await themeFor('coastal.rides.example.com')).colors.primary).toBe('#123456');
    } finally {
      await t.db.db.update(subdomainThemes).set({ colors: before.colors }).where(eq(subdomainThemes.id, before.id));
      t.app.themes.invalidate();
    }
  });
});

describe('subdomain_theme behind a proxy, and with another dot count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', SUBDOMAIN_DOT_COUNT: '1' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('reads X-Forwarded-Host with TRUST_PROXY; an empty table answers a built-in default theme', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subdomain_theme',
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'alpine.rides.example' },
    });
    expect(res.statusCode).toBe(200);
    // No themes were seeded in this database: the built-in default stands in for every host.
    expect(subdomainThemeResponse.parse(res.json()).theme).toMatchObject({ isDefault: true, subdomain: null });
  });
});

describe('subdomainOfHost', () => {
  it('follows the dot-count rule', () => {
    expect(subdomainOfHost('rides.example.com', 2)).toBeNull();
    expect(subdomainOfHost('alpine.rides.example.com', 2)).toBe('alpine');
    expect(subdomainOfHost('alpine.rides.example', 1)).toBe('alpine');
    expect(subdomainOfHost('Alpine.Rides.Example.Com.', 2)).toBe('alpine');
    expect(subdomainOfHost('alpine.rides.example.com:8080', 2)).toBe('alpine');
    expect(subdomainOfHost('10.0.0.12', 2)).toBeNull();
    expect(subdomainOfHost('[::1]', 0)).toBeNull();
    expect(subdomainOfHost('localhost', 0)).toBeNull();
  });
});
