import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, makeTrip, newUser } from './trip-editing-fixtures.js';

/**
 * Our own places in place autocomplete, read from the database on every keystroke (place_keys, decision 0013): a prefix
 * in Hebrew (niqqud and final letters folded) and in English (case and accents folded) finds them, a private trip's
 * attraction reaches only those who may view the trip (decision 0023), and an edit is seen by the very next keystroke.
 * The attractions are made and edited through the API, so the edit transaction writes their keys as in production.
 */
describe(`our own places in places_autocomplete (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof newUser>>;
  let stranger: Awaited<ReturnType<typeof newUser>>;
  let publicTrip: number;
  let privateRide: number;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newUser(t);
    stranger = await newUser(t);
    publicTrip = (await makeTrip(t, { authorId: author.id, days: 2, isBasedRide: true })).rideId;
    privateRide = (await makeTrip(t, { authorId: author.id, days: 2, isBasedRide: true, type: 'private' }))
      .rideId;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const create = async (rideId: number, title: string, at = { lat: 41.9, lng: 12.49 }): Promise<number> => {
    const res = await call(t, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, {
      headers: author.headers,
      payload: { title, address: 'Via 1', text: '', ...at },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ attraction: { id: number } }>().attraction.id;
  };
  const suggested = async (q: string, headers: Record<string, string> = {}, more = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/places_autocomplete?q=${encodeURIComponent(q)}&limit=10${more}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ suggestions: { id: string; name: string; kind: string }[] }>().suggestions;
  };
  const ids = async (q: string, headers: Record<string, string> = {}, more = '') =>
    (await suggested(q, headers, more)).map((s) => s.id);

  it('a Hebrew prefix finds our attraction, whatever niqqud or final letters were typed', async () => {
    const id = await create(publicTrip, 'גַּן הַשּׁוֹשַׁנִּים זקפ');
    // Typed letter by letter, the last word is not finished: its final letter is still the normal form.
    expect(await ids('גן השושנ')).toContain(`at:${id}`);
    expect(await ids('גַּן הַשּׁוֹשַׁנִּים')).toContain(`at:${id}`);
    // An inner word finds it too ("aviv" finds Tel Aviv), ranked as before.
    expect(await ids('השושנים זקפ')).toContain(`at:${id}`);
    const found = (await suggested('גן השושנים זק')).find((s) => s.id === `at:${id}`);
    expect(found).toMatchObject({ name: 'גַּן הַשּׁוֹשַׁנִּים זקפ', kind: 'attraction' });
    // A prefix it does not start with, two edits from every key (one edit is the typo fallback's, which finds it).
    expect(await ids('גן השושנים זמב')).not.toContain(`at:${id}`);
  });

  it('an English prefix finds it whatever the case and accents', async () => {
    const id = await create(publicTrip, 'Café Qwyzzle Überblick');
    for (const q of ['cafe qwy', 'CAFÉ QWYZ', 'café qwyzzle üb', 'qwyzzle'])
      expect(await ids(q, {}, '&language=english'), q).toContain(`at:${id}`);
    expect(await ids('cafe zzx', {}, '&language=english')).not.toContain(`at:${id}`);
  });

  it("a private trip's attraction is offered to the trip's author, never to a visitor or another user", async () => {
    const id = await create(privateRide, 'Hidden Zebrafinch Court');
    expect(await ids('hidden zebrafinch', author.headers)).toContain(`at:${id}`);
    expect(await ids('hidden zebrafinch')).not.toContain(`at:${id}`);
    expect(await ids('hidden zebrafinch', stranger.headers)).not.toContain(`at:${id}`);
    // Its details too: 404 to those who may not view the trip.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/places_details/local/at:${id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/places_details/local/at:${id}`,
          headers: author.headers,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a rename is seen by the next keystroke, and so is a trip turned private', async () => {
    const id = await create(publicTrip, 'Quillback Tower');
    expect(await ids('quillback')).toContain(`at:${id}`);
    const res = await call(t, 'POST', `/api/update_attraction_api/${id}`, {
      headers: author.headers,
      payload: { title: 'Marrowgate Tower', address: 'Via 1', text: '', lat: 41.9, lng: 12.49 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('quillback')).not.toContain(`at:${id}`);
    expect(await ids('marrowgate')).toContain(`at:${id}`);
    // The trip turned private: who may see a place is asked on every keystroke, never stored with its keys, so no
    // refresh of them is needed (written directly here: making a trip private is a manager's edit, tested elsewhere).
    await t.db.db.execute(sql`UPDATE rides SET type = 'private' WHERE id = ${publicTrip}`);
    expect(await ids('marrowgate')).not.toContain(`at:${id}`);
    expect(await ids('marrowgate', author.headers)).toContain(`at:${id}`);
  });

  it('near a point, the attraction there outranks one of the same name far away', async () => {
    const here = await create(privateRide, 'Pelican Steps', { lat: 48.85, lng: 2.35 });
    const far = await create(privateRide, 'Pelican Steps', { lat: -33.9, lng: 151.2 });
    const near = await ids('pelican steps', author.headers, '&lat=48.86&lng=2.34&language=english');
    expect(near.indexOf(`at:${here}`)).toBeGreaterThanOrEqual(0);
    expect(near.indexOf(`at:${here}`)).toBeLessThan(near.indexOf(`at:${far}`));
    const other = await ids('pelican steps', author.headers, '&lat=-33.86&lng=151.21&language=english');
    expect(other.indexOf(`at:${far}`)).toBeLessThan(other.indexOf(`at:${here}`));
  });
});
