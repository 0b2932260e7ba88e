import { asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, logins } from '../../src/db/schema/index.js';
import { createTestApp, postJson, uniqueEmail, type TestApp } from '../helpers/app.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/**
 * Every sign-in records the device (002 §3 User device: fingerprint, name, first and last login, count) and the
 * login itself, for the admin's device screens.
 */
describe('devices and logins recorded by sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const phone = { screen_info: '412x915@2.6', timezone: 'Asia/Jerusalem', languages: ['he-IL', 'en-US'] };
  const send = (url: string, body: object, userAgent: string, ip: string) =>
    postJson(t.app, url, body, { ip, headers: { 'user-agent': userAgent } });

  it('one device row per device, its login_count counting up, and one login row per sign-in', async () => {
    const email = uniqueEmail('device');
    const password = 'secret-123';
    const registered = await send(
      '/api/register_new_user_api',
      { email, password, userName: 'Dev', ...phone },
      CHROME_ANDROID,
      '192.0.2.10',
    );
    expect(registered.statusCode).toBe(200);
    const userId = decodeJwt(registered.json().token).user_id as number;

    expect(
      (await send('/api/app_login', { email, password, ...phone }, CHROME_ANDROID, '192.0.2.11')).statusCode,
    ).toBe(200);
    expect(
      (await send('/api/app_login', { email, password, ...phone }, CHROME_ANDROID, '192.0.2.12')).statusCode,
    ).toBe(200);
    // Another browser on another screen.
    expect(
      (
        await send(
          '/api/app_login',
          { email, password, screen_info: '1920x1080@1', timezone: 'Europe/Vienna', languages: 'en-US' },
          FIREFOX_WINDOWS,
          '192.0.2.13',
        )
      ).statusCode,
    ).toBe(200);

    const rows = await t.db.db
      .select()
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(asc(devices.id));
    expect(rows).toHaveLength(2);
    const [mobile, desktop] = rows;
    expect(mobile).toMatchObject({
      loginCount: 3,
      deviceName: 'Chrome on Android',
      userAgent: CHROME_ANDROID,
      screenInfo: '412x915@2.6',
      timezone: 'Asia/Jerusalem',
      languages: 'he-IL,en-US',
    });
    expect(mobile!.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(mobile!.lastLogin.getTime()).toBeGreaterThanOrEqual(mobile!.firstLogin.getTime());
    expect(desktop).toMatchObject({
      loginCount: 1,
      deviceName: 'Firefox on Windows',
      timezone: 'Europe/Vienna',
    });
    expect(desktop!.fingerprint).not.toBe(mobile!.fingerprint);

    const loginRows = await t.db.db
      .select()
      .from(logins)
      .where(eq(logins.userId, userId))
      .orderBy(asc(logins.id));
    expect(loginRows.map((l) => [l.deviceId, l.ip])).toEqual([
      [mobile!.id, '192.0.2.10'],
      [mobile!.id, '192.0.2.11'],
      [mobile!.id, '192.0.2.12'],
      [desktop!.id, '192.0.2.13'],
    ]);
  });

  it('the fingerprint is the same for the same device on two accounts, and stable across sign-ins', async () => {
    const a = { email: uniqueEmail('fa'), password: 'secret-123', userName: 'A' };
    const b = { email: uniqueEmail('fb'), password: 'secret-123', userName: 'B' };
    const ra = await send('/api/register_new_user_api', { ...a, ...phone }, CHROME_ANDROID, '192.0.2.20');
    const rb = await send('/api/register_new_user_api', { ...b, ...phone }, CHROME_ANDROID, '192.0.2.21');
    await send(
      '/api/app_login',
      { email: a.email, password: a.password, ...phone },
      CHROME_ANDROID,
      '192.0.2.22',
    );

    const fingerprintsOf = async (token: string) =>
      (
        await t.db.db
          .select({ fingerprint: devices.fingerprint })
          .from(devices)
          .where(eq(devices.userId, decodeJwt(token).user_id as number))
      ).map((d) => d.fingerprint);
    const fa = await fingerprintsOf(ra.json().token);
    const fb = await fingerprintsOf(rb.json().token);
    expect(fa).toHaveLength(1);
    expect(fa).toEqual(fb);
  });

  it('a failed sign-in records nothing', async () => {
    const email = uniqueEmail('nolog');
    const res = await send(
      '/api/register_new_user_api',
      { email, password: 'secret-123', userName: 'N' },
      FIREFOX_WINDOWS,
      '192.0.2.30',
    );
    const userId = decodeJwt(res.json().token).user_id as number;
    await send('/api/app_login', { email, password: 'wrong-password' }, FIREFOX_WINDOWS, '192.0.2.31');
    expect(await t.db.db.select().from(logins).where(eq(logins.userId, userId))).toHaveLength(1);
  });

  it('a browser that shows its device cookie stays one device through an update; a browser without it is another (0035)', async () => {
    const email = uniqueEmail('cookie');
    const password = 'secret-123';
    const registered = await send('/api/register_new_user_api', { email, password, userName: 'C', ...phone }, CHROME_ANDROID, '192.0.2.40');
    const userId = decodeJwt(registered.json().token).user_id as number;
    const first = await send('/api/app_login', { email, password, ...phone }, CHROME_ANDROID, '192.0.2.41');
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    // The browser updates itself: a new user agent, so a new fingerprint, but the same cookie.
    const updated = CHROME_ANDROID.replace('Chrome/126', 'Chrome/140');
    const again = await postJson(t.app, '/api/app_login', { email, password, ...phone }, { ip: '192.0.2.42', headers: { 'user-agent': updated, cookie } });
    expect(again.statusCode).toBe(200);
    // It keeps its cookie.
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(cookie);
    // Another browser of the same make, with no cookie: its own device.
    await send('/api/app_login', { email, password, ...phone }, updated, '192.0.2.43');

    const rows = await t.db.db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.id));
    expect(rows.map((d) => [d.loginCount, d.userAgent])).toEqual([
      [3, updated],
      [1, updated],
    ]);
    expect(rows[0]?.cookieKey).toMatch(/^[0-9a-f]{32}$/);
  });
});
