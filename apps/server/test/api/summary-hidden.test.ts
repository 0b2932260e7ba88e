import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** 000 §2 "The summary area is hidden for certain trip ids held in configuration": SUMMARY_HIDDEN_RIDE_IDS. */
describe('summary hidden for configured trips', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUMMARY_HIDDEN_RIDE_IDS: '719, 183' });
    await seedDemo(t.db.db, { passwordHash: 'not-a-hash' });
  });
  afterAll(() => t.dispose());

  const page = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ride_attractions_api/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { summaryHidden?: boolean; ride: { id: number } };
  };

  it('says summaryHidden for a configured trip, and nothing for the others', async () => {
    expect((await page(719)).summaryHidden).toBe(true);
    expect((await page(183)).summaryHidden).toBe(true);
    const other = await page(1);
    expect(other.ride.id).toBe(1);
    expect('summaryHidden' in other).toBe(false);
  });

  it('is off for every trip by default', async () => {
    const plain = await createTestApp();
    try {
      await seedDemo(plain.db.db, { passwordHash: 'not-a-hash' });
      const res = await plain.app.inject({ method: 'GET', url: '/api/ride_attractions_api/719' });
      expect(res.statusCode).toBe(200);
      expect('summaryHidden' in (res.json() as object)).toBe(false);
    } finally {
      await plain.dispose();
    }
  });

  it('refuses a malformed list at start', async () => {
    await expect(createTestApp({ SUMMARY_HIDDEN_RIDE_IDS: '719;x' })).rejects.toThrow(
      /SUMMARY_HIDDEN_RIDE_IDS/,
    );
  });
});
