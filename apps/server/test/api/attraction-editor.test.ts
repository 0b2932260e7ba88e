import { TITLE_MAX, addDays, createAttractionResponse, editableAttractionResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attractions, categories, subcategories } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, dayTitles, expectCode, makeTrip, newUser, readTrip, snapshot, START } from './trip-editing-fixtures.js';

/**
 * The attraction editor's calls (001 §2, §5, §6, §7; 000 §6; decision 0020): create_attraction_and_add_to_ride_api,
 * update_attraction_api, attraction_information_api. Every rule both ways, bad input 400 with its code.
 */
describe('attraction editor', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof newUser>>;
  let manager: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  let categoryId: number;
  let subcategoryId: number;
  let otherSubcategoryId: number;
  const mdy = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t);
    manager = await newUser(t, 'manager');
    other = await newUser(t);
    const [c1, c2] = await t.db.db.insert(categories).values([{ name: 'Museums' }, { name: 'Food' }]).returning({ id: categories.id });
    categoryId = (c1 as { id: number }).id;
    const [s1] = await t.db.db.insert(subcategories).values({ categoryId, name: 'Art' }).returning({ id: subcategories.id });
    subcategoryId = (s1 as { id: number }).id;
    const [s2] = await t.db.db.insert(subcategories).values({ categoryId: (c2 as { id: number }).id, name: 'Street food' }).returning({ id: subcategories.id });
    otherSubcategoryId = (s2 as { id: number }).id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const fields = (over: Record<string, unknown> = {}) => ({
    title: 'Old port walk',
    address: 'Harbour St 1',
    text: '<p>Nice <b>walk</b></p>',
    link: 'port.example.com',
    rate: 4.5,
    lat: 32.05,
    lng: 34.75,
    placeId: 'ChIJ-port',
    ...over,
  });
  const create = (rideId: number, payload: unknown, headers: Record<string, string> = user.headers) =>
    call(t, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, { headers, payload });
  const update = (id: number, payload: unknown, headers: Record<string, string> = user.headers) =>
    call(t, 'POST', `/api/update_attraction_api/${id}`, { headers, payload });
  const baseTrip = (authorId = user.id, over: Parameters<typeof makeTrip>[1] extends infer S ? Partial<S> : never = {}) =>
    makeTrip(t, { authorId, days: 3, isBasedRide: true, perDay: [['a1'], [], ['c1']], ...over });

  describe('create_attraction_and_add_to_ride_api', () => {
    it("makes the author's attraction and puts it last on the day; the trip page shows it at once", async () => {
      const { rideId } = await baseTrip();
      await readTrip(t, rideId); // cached now: the create must drop it
      const res = await create(rideId, { ...fields(), date: mdy(addDays(START, 2)) });
      expect(res.statusCode, res.body).toBe(200);
      const body = createAttractionResponse.parse(res.json());
      expect(body).toMatchObject({ ServerMassageCode: 'success', rideId, dayIndex: 2, plannedDate: mdy(addDays(START, 2)) });
      expect(body.attraction).toMatchObject({
        authorId: user.id,
        title: 'Old port walk',
        address: 'Harbour St 1',
        text: '<p>Nice <b>walk</b></p>',
        link: 'http://port.example.com/', // the contract's link rule: http:// when no scheme is given (000 §5)
        rate: 4.5,
        lat: 32.05,
        lng: 34.75,
        placeId: 'ChIJ-port',
        category_id: null,
        subcategory_id: null,
      });
      expect(dayTitles(await readTrip(t, rideId))).toEqual([['a1'], [], ['c1', 'Old port walk']]);
    });

    it('puts it on the first day without a date, and reads a multipart form', async () => {
      const { rideId } = await baseTrip();
      const boundary = '----attractionEditorBoundary';
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const payload = part('title', 'Form made') + part('lat', '31.5') + part('lng', '35.1') + part('rate', '') + part('link', '') + `--${boundary}--\r\n`;
      const res = await call(t, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, {
        headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ dayIndex: 0, attraction: { title: 'Form made', lat: 31.5, lng: 35.1, rate: null, link: null } });
      expect(dayTitles(await readTrip(t, rideId))[0]).toEqual(['a1', 'Form made']);
    });

    it('keeps the description through the HTML policy', async () => {
      const { rideId } = await baseTrip();
      const res = await create(rideId, fields({ text: '<p onclick="x()">hi<script>alert(1)</script></p>' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().attraction.text).toBe('<p>hi</p>');
    });

    it('a manager author may create on a trip that is not a base trip; a user author may not (others search)', async () => {
      const mine = await makeTrip(t, { authorId: manager.id, days: 2, isBasedRide: false });
      expect((await create(mine.rideId, fields(), manager.headers)).statusCode).toBe(200);
      const copy = await makeTrip(t, { authorId: user.id, days: 2, isBasedRide: false });
      const before = await snapshot(t, copy.rideId);
      expectCode(await create(copy.rideId, fields()), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expect(await snapshot(t, copy.rideId)).toEqual(before);
    });

    it('refuses anyone but the author, a locked trip, and nobody signed in', async () => {
      const { rideId } = await baseTrip();
      const before = await snapshot(t, rideId);
      expectCode(await create(rideId, fields(), other.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await create(rideId, fields(), manager.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await create(rideId, fields(), {}), 401, 'user_is_not_authorized');
      expect(await snapshot(t, rideId)).toEqual(before);
      const locked = await baseTrip(user.id, { isLocked: true });
      expectCode(await create(locked.rideId, fields()), 403, 'uesr_is_not_authorize_to_edit_this_ride');
      expectCode(await create(999_999, fields()), 404, 'not_found');
    });

    it('answers bad input with 400 and a code, and saves nothing', async () => {
      const { rideId } = await baseTrip();
      const before = await snapshot(t, rideId);
      const count = async () => (await t.db.db.select({ id: attractions.id }).from(attractions).where(eq(attractions.authorId, user.id))).length;
      const n = await count();
      expectCode(await create(rideId, fields({ title: '' })), 400, 'attraction_title_required');
      expectCode(await create(rideId, fields({ title: '   ' })), 400, 'attraction_title_required');
      expectCode(await create(rideId, fields({ title: undefined })), 400, 'attraction_title_required');
      expectCode(await create(rideId, fields({ title: 'x'.repeat(TITLE_MAX + 1) })), 400, 'attraction_title_too_long');
      expectCode(await create(rideId, fields({ lat: null, lng: null })), 400, 'attraction_location_required');
      expectCode(await create(rideId, fields({ lat: '', lng: '' })), 400, 'attraction_location_required');
      expectCode(await create(rideId, fields({ lat: 0, lng: 0 })), 400, 'attraction_location_required');
      expectCode(await create(rideId, fields({ lat: 91 })), 400, 'bad_request');
      expectCode(await create(rideId, fields({ lat: 'north' })), 400, 'bad_request');
      expectCode(await create(rideId, fields({ rate: 6 })), 400, 'bad_request');
      expectCode(await create(rideId, fields({ link: 'javascript:alert(1)' })), 400, 'invalid_link');
      expectCode(await create(rideId, fields({ image: 'javascript:alert(1)' })), 400, 'bad_request');
      expectCode(await create(rideId, fields({ address: 'x'.repeat(501) })), 400, 'attraction_field_too_long');
      expectCode(await create(rideId, { ...fields(), date: mdy(addDays(START, 3)) }), 400, 'day_not_in_trip_range');
      expectCode(await create(rideId, { ...fields(), date: '31/31/2031' }), 400, 'bad_request');
      const notJson = await call(t, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, {
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expectCode(notJson, 400, 'bad_request');
      expectCode(await create(0, fields()), 400, 'bad_request');
      expect(await snapshot(t, rideId)).toEqual(before);
      expect(await count()).toBe(n);
    });

    it("takes a manager's category and subcategory, checks them, and ignores a user's", async () => {
      const mine = await makeTrip(t, { authorId: manager.id, days: 1, isBasedRide: true });
      const res = await create(mine.rideId, fields({ category_id: categoryId, subcategory_id: subcategoryId }), manager.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().attraction).toMatchObject({ category_id: categoryId, subcategory_id: subcategoryId });
      expectCode(await create(mine.rideId, fields({ category_id: 987_654 }), manager.headers), 400, 'unknown_category');
      expectCode(await create(mine.rideId, fields({ category_id: categoryId, subcategory_id: otherSubcategoryId }), manager.headers), 400, 'subcategory_not_in_category');
      expectCode(await create(mine.rideId, fields({ subcategory_id: subcategoryId }), manager.headers), 400, 'subcategory_not_in_category');
      const { rideId } = await baseTrip();
      const byUser = await create(rideId, fields({ category_id: categoryId, subcategory_id: subcategoryId }));
      expect(byUser.statusCode, byUser.body).toBe(200);
      expect(byUser.json().attraction).toMatchObject({ category_id: null, subcategory_id: null });
    });
  });

  describe('update_attraction_api and attraction_information_api', () => {
    async function ownAttraction(headers = user.headers) {
      const { rideId } = headers === user.headers ? await baseTrip() : await makeTrip(t, { authorId: manager.id, days: 1, isBasedRide: true });
      const res = await create(rideId, fields(), headers);
      expect(res.statusCode, res.body).toBe(200);
      return { rideId, id: createAttractionResponse.parse(res.json()).attractionId };
    }

    it('saves the author\'s changes; every trip holding it shows them at once', async () => {
      const { rideId, id } = await ownAttraction();
      // A second trip (someone else's) holds the same attraction.
      const second = await makeTrip(t, { authorId: other.id, days: 1 });
      await t.db.db.execute(`INSERT INTO ride_attractions (ride_id, attraction_id, planned_date, position) VALUES (${second.rideId}, ${id}, '${START}', 0)`);
      await readTrip(t, rideId);
      await readTrip(t, second.rideId);
      const res = await update(id, fields({ title: 'Renamed walk', text: '', link: 'https://walk.example.org/a', navigation_address: 'Gate 3' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(editableAttractionResponse.parse(res.json()).attraction).toMatchObject({
        id, title: 'Renamed walk', text: '', link: 'https://walk.example.org/a', navigation_address: 'Gate 3',
      });
      expect(dayTitles(await readTrip(t, rideId))[0]).toContain('Renamed walk');
      expect(dayTitles(await readTrip(t, second.rideId))[0]).toEqual(['Renamed walk']);
      const read = await call(t, 'GET', `/api/attraction_information_api/${id}`, { headers: user.headers });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().attraction).toMatchObject({ title: 'Renamed walk', navigation_address: 'Gate 3', lat: 32.05, lng: 34.75 });
    });

    it('refuses everyone but its author (error_no_access_to_attraction), nobody signed in, and unknown ids', async () => {
      const { id } = await ownAttraction();
      const [before] = await t.db.db.select().from(attractions).where(eq(attractions.id, id));
      expectCode(await update(id, fields({ title: 'Taken over' }), other.headers), 403, 'error_no_access_to_attraction');
      expectCode(await update(id, fields({ title: 'Taken over' }), manager.headers), 403, 'error_no_access_to_attraction');
      expectCode(await update(id, fields({ title: 'Taken over' }), {}), 401, 'user_is_not_authorized');
      expectCode(await call(t, 'GET', `/api/attraction_information_api/${id}`, { headers: other.headers }), 403, 'error_no_access_to_attraction');
      expectCode(await call(t, 'GET', `/api/attraction_information_api/${id}`), 401, 'user_is_not_authorized');
      expectCode(await update(999_999, fields()), 404, 'not_found');
      expectCode(await call(t, 'GET', '/api/attraction_information_api/abc', { headers: user.headers }), 400, 'bad_request');
      const [after] = await t.db.db.select().from(attractions).where(eq(attractions.id, id));
      expect(after).toEqual(before);
    });

    it('answers bad input with 400 and a code, and changes nothing', async () => {
      const { id } = await ownAttraction();
      const [before] = await t.db.db.select().from(attractions).where(eq(attractions.id, id));
      expectCode(await update(id, fields({ title: '' })), 400, 'attraction_title_required');
      expectCode(await update(id, fields({ title: 'y'.repeat(141) })), 400, 'attraction_title_too_long');
      expectCode(await update(id, fields({ lat: null })), 400, 'attraction_location_required');
      expectCode(await update(id, fields({ link: 'not a site' })), 400, 'invalid_link');
      const [after] = await t.db.db.select().from(attractions).where(eq(attractions.id, id));
      expect(after).toEqual(before);
    });

    it("a manager changes the categories; a user's edit keeps what the attraction has", async () => {
      const { id } = await ownAttraction(manager.headers);
      const set = await update(id, fields({ category_id: categoryId, subcategory_id: subcategoryId }), manager.headers);
      expect(set.json().attraction).toMatchObject({ category_id: categoryId, subcategory_id: subcategoryId });
      const cleared = await update(id, fields({ category_id: categoryId, subcategory_id: null }), manager.headers);
      expect(cleared.json().attraction).toMatchObject({ category_id: categoryId, subcategory_id: null });
      expectCode(await update(id, fields({ category_id: categoryId, subcategory_id: otherSubcategoryId }), manager.headers), 400, 'subcategory_not_in_category');

      const mine = await ownAttraction();
      await t.db.db.update(attractions).set({ categoryId }).where(eq(attractions.id, mine.id));
      const res = await update(mine.id, fields({ category_id: null, subcategory_id: null, title: 'Kept category' }));
      expect(res.json().attraction).toMatchObject({ title: 'Kept category', category_id: categoryId });
    });
  });

  describe('opening hours in OpenStreetMap syntax (issue 36, decision 0070)', () => {
    const activityOf = async (rideId: number, id: number) =>
      (await readTrip(t, rideId)).attractionsByDay.flatMap((d) => d.daily_attractions).find((a) => a.id === id);
    const information = (id: number) => call(t, 'GET', `/api/attraction_information_api/${id}`, { headers: user.headers });

    it('keeps readable hours: the editor answers them without a warning, the trip shows them on the activity', async () => {
      const { rideId } = await baseTrip();
      const res = await create(rideId, fields({ osmOpeningHours: '  Tu-Su 10:00-18:00 ' }));
      expect(res.statusCode, res.body).toBe(200);
      const body = createAttractionResponse.parse(res.json());
      expect(body.attraction.osmOpeningHours).toBe('Tu-Su 10:00-18:00');
      expect(body.warnings).toEqual([]);
      expect((await activityOf(rideId, body.attractionId))?.osmOpeningHours).toBe('Tu-Su 10:00-18:00');
      // The spec's weekday lines stay what they were (none for an attraction made in the editor).
      expect((await activityOf(rideId, body.attractionId))?.openingHours).toBeNull();
      // Israel's public holidays are unknown to the hours library: the text is readable all the same.
      const israeli = await update(body.attractionId, fields({ osmOpeningHours: 'Su-Th 08:00-17:00; Fr 08:00-13:00; PH off' }));
      expect(editableAttractionResponse.parse(israeli.json()).warnings).toEqual([]);
    });

    it('keeps hours it cannot read as typed, says so on every editor answer, and the trip shows them without error', async () => {
      const { rideId } = await baseTrip();
      const res = await create(rideId, fields({ osmOpeningHours: 'open when we feel like it' }));
      expect(res.statusCode, res.body).toBe(200);
      const body = createAttractionResponse.parse(res.json());
      const unreadable = [{ field: 'osmOpeningHours', code: 'opening_hours_unreadable' }];
      expect(body.attraction.osmOpeningHours).toBe('open when we feel like it');
      expect(body.warnings).toEqual(unreadable);
      const read = await information(body.attractionId);
      expect(read.statusCode, read.body).toBe(200);
      expect(editableAttractionResponse.parse(read.json()).warnings).toEqual(unreadable);
      expect((await activityOf(rideId, body.attractionId))?.osmOpeningHours).toBe('open when we feel like it');
      // Fixed: no warning any more.
      const fixed = await update(body.attractionId, fields({ osmOpeningHours: 'Mo-Fr 09:00-17:00' }));
      expect(editableAttractionResponse.parse(fixed.json())).toMatchObject({
        attraction: { osmOpeningHours: 'Mo-Fr 09:00-17:00' },
        warnings: [],
      });
    });

    it('a save without the field keeps the hours (clients that do not know it); an empty one clears them', async () => {
      const { rideId } = await baseTrip();
      const made = createAttractionResponse.parse((await create(rideId, fields({ osmOpeningHours: 'Mo-Su 09:00-21:00' }))).json());
      const kept = await update(made.attractionId, fields({ title: 'Renamed' }));
      expect(editableAttractionResponse.parse(kept.json()).attraction).toMatchObject({
        title: 'Renamed',
        osmOpeningHours: 'Mo-Su 09:00-21:00',
      });
      const cleared = await update(made.attractionId, fields({ osmOpeningHours: '' }));
      expect(editableAttractionResponse.parse(cleared.json()).attraction.osmOpeningHours).toBeNull();
      expect((await activityOf(rideId, made.attractionId))?.osmOpeningHours).toBeNull();
      // Made without the field: none.
      const bare = createAttractionResponse.parse((await create(rideId, fields())).json());
      expect(bare.attraction.osmOpeningHours).toBeNull();
      expect(bare.warnings).toEqual([]);
    });

    it('refuses hours longer than OpenStreetMap allows (255) or with control characters, and saves nothing', async () => {
      const { rideId } = await baseTrip();
      const made = createAttractionResponse.parse((await create(rideId, fields({ osmOpeningHours: 'Mo 10:00-12:00' }))).json());
      const [before] = await t.db.db.select().from(attractions).where(eq(attractions.id, made.attractionId));
      expectCode(await update(made.attractionId, fields({ osmOpeningHours: `Mo 10:00-12:00 "${'x'.repeat(250)}"` })), 400, 'attraction_field_too_long');
      expectCode(await update(made.attractionId, fields({ osmOpeningHours: 'Mo 10:00-12:00\u0007' })), 400, 'text_has_control_characters');
      expectCode(await update(made.attractionId, fields({ osmOpeningHours: 42 })), 400, 'bad_request');
      const [after] = await t.db.db.select().from(attractions).where(eq(attractions.id, made.attractionId));
      expect(after).toEqual(before);
    });
  });
});
