import { placeAiResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { FAKE_LLM_TEXT, startFakeLlm, type FakeLlm } from '../helpers/fake-llm.js';
import { call, expectCode, makeTrip, newUser } from './trip-editing-fixtures.js';

/**
 * get_place_ai_information (001 §5, §6, §7; decision 0020) against a local server speaking the chat-completions
 * protocol: managers only, an empty description only, the trip's language, the provider's failures as codes.
 */
describe('AI text: get_place_ai_information', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let manager: Awaited<ReturnType<typeof newUser>>;
  let user: Awaited<ReturnType<typeof newUser>>;
  let hebrewTrip: number;
  let englishTrip: number;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '500' });
    manager = await newUser(t, 'manager');
    user = await newUser(t);
    hebrewTrip = (await makeTrip(t, { authorId: manager.id, days: 1 })).rideId;
    englishTrip = (await makeTrip(t, { authorId: manager.id, days: 1 })).rideId;
    await t.db.db.update(rides).set({ language: 'english' }).where(eq(rides.id, englishTrip));
  });
  afterAll(async () => {
    await t?.dispose();
    await fake?.close();
  });

  const ask = (payload: Record<string, unknown>, headers: Record<string, string> = manager.headers) =>
    call(t, 'POST', '/api/get_place_ai_information', { headers, payload });
  const place = (rideId: number, over: Record<string, unknown> = {}) => ({ title: 'Masada', address: 'Dead Sea', lat: 31.3156, lng: 35.3536, rideId, ...over });

  it("writes the text in the trip's language, through the configured model and key", async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const he = await ask(place(hebrewTrip));
    expect(he.statusCode, he.body).toBe(200);
    expect(placeAiResponse.parse(he.json())).toEqual({ ServerMassageCode: 'success', text: '<p>מקום יפה לטיול משפחתי.</p><p>כדאי להגיע בבוקר.</p>' });
    const en = await ask(place(englishTrip, { text: '<p><br></p>' }));
    expect(en.json().text).toBe(`<p>${FAKE_LLM_TEXT.english.split('\n\n').join('</p><p>')}</p>`);
    const [first] = fake.requests;
    expect(first?.authorization).toBe('Bearer sk-test');
    expect(first?.body.model).toBe('test-model');
    expect(first?.body.messages.find((m) => m.role === 'user')?.content).toContain('Place: Masada\nAddress: Dead Sea\nCoordinates: 31.31560, 35.35360');
  });

  it('keeps nothing of markup or Markdown in the answer', async () => {
    fake.mode = 'markup';
    const res = await ask(place(englishTrip));
    expect(res.statusCode, res.body).toBe(200);
    const text = res.json().text as string;
    expect(text).not.toMatch(/<script|onerror|onclick|<img|<b|\*\*|##/);
    expect(text).toContain('Bold');
    expect(text).toContain('&amp; more');
  });

  it('refuses a description that is not empty, before asking the provider', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    expectCode(await ask(place(hebrewTrip, { text: '<p>Already written</p>' })), 400, 'atraction_text_box_is_not_empty');
    expect(fake.requests).toHaveLength(0);
  });

  it('is for managers only', async () => {
    fake.requests.length = 0;
    expectCode(await ask(place(hebrewTrip), user.headers), 403, 'forbidden');
    expectCode(await ask(place(hebrewTrip), {}), 401, 'user_is_not_authorized');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers bad input with 400 and a code', async () => {
    expectCode(await ask(place(hebrewTrip, { title: '' })), 400, 'attraction_title_required');
    expectCode(await ask(place(hebrewTrip, { title: 'x'.repeat(141) })), 400, 'attraction_title_too_long');
    expectCode(await ask(place(hebrewTrip, { rideId: 'abc' })), 400, 'bad_request');
    expectCode(await ask(place(hebrewTrip, { lat: 200 })), 400, 'bad_request');
    expectCode(await ask(place(999_999)), 404, 'not_found');
  });

  it('a provider that hangs, errs or answers nonsense is ai_call_failed', async () => {
    for (const mode of ['hang', 'garbage', 'error', 'empty'] as const) {
      fake.mode = mode;
      expectCode(await ask(place(hebrewTrip)), 502, 'ai_call_failed');
    }
    fake.mode = 'ok';
  });

  it('without a configured provider the call says so (ai_not_configured)', async () => {
    const bare = await createTestApp();
    try {
      const m = await newUser(bare, 'manager');
      const { rideId } = await makeTrip(bare, { authorId: m.id, days: 1 });
      expectCode(await call(bare, 'POST', '/api/get_place_ai_information', { headers: m.headers, payload: place(rideId) }), 503, 'ai_not_configured');
    } finally {
      await bare.dispose();
    }
  });
});
