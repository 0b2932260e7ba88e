import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_WIDGET_SCRIPT_URL, loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * /booking's partner hotel map (000 §2): the widget's settings reach the web app through client_config, and the
 * pages' content security policy lets exactly the widget's script origin and frame origins in, or nothing when off.
 */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

describe('the partner hotel map settings', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  async function read(env: Record<string, string> = {}) {
    t = await createTestApp(env);
    const res = await t.app.inject({ method: 'GET', url: '/api/client_config' });
    expect(res.statusCode).toBe(200);
    return { body: res.json(), csp: String(res.headers['content-security-policy']) };
  }

  it("by default: Booking.com's widget, its script and frame origins allowed, no affiliate id of ours", async () => {
    const { body, csp } = await read();
    expect(body.bookingWidget).toEqual({ scriptUrl: DEFAULT_BOOKING_WIDGET_SCRIPT_URL, aid: null });
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://cf.bstatic.com']);
    expect(directive(csp, 'frame-src')).toEqual(["'self'", 'https://www.booking.com']);
  });

  it('configured: our own script address, frame origins and affiliate id', async () => {
    const { body, csp } = await read({
      BOOKING_WIDGET_SCRIPT_URL: 'http://127.0.0.1:4999/widget/flexiproduct.js',
      BOOKING_WIDGET_FRAME_ORIGINS: 'http://127.0.0.1:4999, https://maps.partner.example',
      BOOKING_AID: 'aid-123',
    });
    expect(body.bookingWidget).toEqual({
      scriptUrl: 'http://127.0.0.1:4999/widget/flexiproduct.js',
      aid: 'aid-123',
    });
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:4999']);
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4999',
      'https://maps.partner.example',
    ]);
  });

  it('"none": the map is off and no outside script or frame is allowed', async () => {
    const { body, csp } = await read({ BOOKING_WIDGET_SCRIPT_URL: 'none' });
    expect(body.bookingWidget).toBeNull();
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-src')).toEqual(["'self'"]);
  });

  it('bad settings stop the start with a message naming the setting', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/rides-booking-config', JWT_SECRET: 'x'.repeat(40) };
    for (const [name, value] of [
      ['BOOKING_WIDGET_SCRIPT_URL', 'not a url'],
      ['BOOKING_WIDGET_FRAME_ORIGINS', 'https://www.booking.com/path'],
      ['BOOKING_WIDGET_FRAME_ORIGINS', 'www.booking.com'],
      ['BOOKING_AID', 'id with spaces'],
      ['BOOKING_AID', '<script>'],
    ] as const) {
      expect(() => loadConfig({ ...base, [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});
