import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The planners landing page's settings (/for-planners, 002 §2.8, decision 0031): read from the environment by
 * config.ts, validated there (a bad one stops the start with its name), and sent to the page in /api/client_config.
 */
describe('the planners landing page settings', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  async function read(env: Record<string, string | undefined> = {}) {
    t = await createTestApp(env);
    const res = await t.app.inject({ method: 'GET', url: '/api/client_config' });
    expect(res.statusCode).toBe(200);
    return res.json().forPlanners as Record<string, string | null>;
  }

  it('by default: the demo trip, the home page WhatsApp number, nothing else', async () => {
    expect(await read()).toEqual({
      demoUrl: '/single_ride_with_map/1',
      calendarUrl: null,
      whatsappNumber: '97235550100',
      whatsappMessage: null,
      phone: null,
      email: null,
      socialUrl: null,
    });
  });

  it('every setting set', async () => {
    expect(
      await read({
        PLANNERS_DEMO_URL: 'https://demo.rides.example/single_ride_with_map/3',
        PLANNERS_CALENDAR_URL: 'https://calendar.example/rides/intro',
        PLANNERS_WHATSAPP_NUMBER: '972501234567',
        PLANNERS_WHATSAPP_MESSAGE: '  Hello, I plan trips  ',
        PLANNERS_PHONE: '+972-50-123-4567',
        PLANNERS_EMAIL: 'planners@rides.example',
        PLANNERS_SOCIAL_URL: 'https://www.instagram.com/rides.example',
      }),
    ).toEqual({
      demoUrl: 'https://demo.rides.example/single_ride_with_map/3',
      calendarUrl: 'https://calendar.example/rides/intro',
      whatsappNumber: '972501234567',
      whatsappMessage: 'Hello, I plan trips',
      phone: '+972-50-123-4567',
      email: 'planners@rides.example',
      socialUrl: 'https://www.instagram.com/rides.example',
    });
  });

  it('"none" unsets the demo link and WhatsApp (also when only the home page number is none)', async () => {
    expect(await read({ PLANNERS_DEMO_URL: 'none', PLANNERS_WHATSAPP_NUMBER: 'none' })).toMatchObject({
      demoUrl: null,
      whatsappNumber: null,
    });
    await t?.dispose();
    t = undefined;
    expect(await read({ WHATSAPP_NUMBER: 'none' })).toMatchObject({ whatsappNumber: null });
  });

  it('bad settings stop the start, named', () => {
    const bad: Record<string, string>[] = [
      { PLANNERS_CALENDAR_URL: 'javascript:alert(1)' },
      { PLANNERS_CALENDAR_URL: 'ftp://calendar.example/x' },
      { PLANNERS_CALENDAR_URL: '/relative' },
      { PLANNERS_DEMO_URL: '//evil.example/x' },
      { PLANNERS_DEMO_URL: 'javascript:alert(1)' },
      { PLANNERS_WHATSAPP_NUMBER: '+972 50' },
      { PLANNERS_PHONE: 'call me' },
      { PLANNERS_EMAIL: 'not-an-address' },
      { PLANNERS_SOCIAL_URL: 'javascript:alert(1)' },
      { PLANNERS_WHATSAPP_MESSAGE: 'x'.repeat(501) },
    ];
    for (const env of bad) {
      const name = Object.keys(env)[0] ?? '';
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(48), DATA_DIR: '/tmp/unused', ...env }), name).toThrow(
        new RegExp(name),
      );
    }
  });
});
