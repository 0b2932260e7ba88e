import { categoriesResponse, oneCategoryResponse, subcategoryResponse } from '@rides/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attractions, categories } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectCode, makeTrip, newUser, readTrip } from './trip-editing-fixtures.js';

/**
 * The category calls (001 §7, 002 §2.6, §7; decision 0020): managers only; the multipart field `data` holds JSON;
 * "Name is required"; names unique; deleting a category that attractions use detaches it; only a category's owner changes it.
 */
describe('categories', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof newUser>>;
  let user: Awaited<ReturnType<typeof newUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await newUser(t, 'manager');
    user = await newUser(t);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const boundary = '----categoriesBoundary';
  /** The spec's form: multipart, one field `data` with the JSON. */
  const form = (method: 'POST', url: string, data: string, headers = manager.headers) =>
    call(t, method, url, {
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    });
  const del = (url: string, headers: Record<string, string> = manager.headers) => t.app.inject({ method: 'DELETE', url, headers });
  const named = (name: string) => JSON.stringify({ name });
  const createCategory = async (name: string) => {
    const res = await form('POST', '/api/create_category_api', named(name));
    expect(res.statusCode, res.body).toBe(200);
    return oneCategoryResponse.parse(res.json()).category;
  };
  const createCategoryAs = async (headers: Record<string, string>, name: string) => {
    const res = await form('POST', '/api/create_category_api', named(name), headers);
    expect(res.statusCode, res.body).toBe(200);
    return oneCategoryResponse.parse(res.json()).category;
  };
  let seq = 0;
  const unique = (prefix: string) => `${prefix} ${++seq}`;

  it('a manager adds, renames, lists and deletes categories and subcategories', async () => {
    const name = unique('Nature');
    const created = await createCategory(`  ${name}  `);
    expect(created).toEqual({ id: expect.any(Number), name, subcategories: [], mine: true });
    const renamed = await form('POST', `/api/update_category_api/${created.id}`, named(`${name} reserves`));
    expect(renamed.json()).toMatchObject({ ServerMassageCode: 'success', category: { id: created.id, name: `${name} reserves` } });

    const sub = await form('POST', `/api/create_subcategory_api/${created.id}`, named('Waterfalls'));
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = subcategoryResponse.parse(sub.json()).subcategory.id;
    const subRenamed = await form('POST', `/api/update_subcategory_api/${created.id}/${subId}`, named('Springs'));
    expect(subRenamed.json()).toEqual({ ServerMassageCode: 'success', categoryId: created.id, subcategory: { id: subId, name: 'Springs' } });

    const list = await call(t, 'GET', '/api/categories_api', { headers: manager.headers });
    expect(list.statusCode).toBe(200);
    expect(categoriesResponse.parse(list.json()).categories).toContainEqual({ id: created.id, name: `${name} reserves`, subcategories: [{ id: subId, name: 'Springs' }], mine: true });

    const subGone = await del(`/api/delete_subcategory_api/${created.id}/${subId}`, manager.headers);
    expect(subGone.json()).toEqual({ ServerMassageCode: 'success', detachedAttractions: 0 });
    const gone = await del(`/api/delete_category_api/${created.id}`, manager.headers);
    expect(gone.json()).toEqual({ ServerMassageCode: 'success', detachedAttractions: 0 });
    const after = categoriesResponse.parse((await call(t, 'GET', '/api/categories_api', { headers: manager.headers })).json());
    expect(after.categories.map((c) => c.id)).not.toContain(created.id);
  });

  it('reads the data field from a JSON body too (as text or as the object)', async () => {
    const a = await call(t, 'POST', '/api/create_category_api', { headers: manager.headers, payload: { data: named(unique('Json text')) } });
    expect(a.statusCode, a.body).toBe(200);
    const b = await call(t, 'POST', '/api/create_category_api', { headers: manager.headers, payload: { data: { name: unique('Json object') } } });
    expect(b.statusCode, b.body).toBe(200);
  });

  it('is for managers only, every call', async () => {
    const { id } = await createCategory(unique('Guarded'));
    const before = await t.db.db.select().from(categories).where(eq(categories.id, id));
    for (const headers of [user.headers, {}]) {
      const status = headers === user.headers ? 403 : 401;
      const code = headers === user.headers ? 'forbidden' : 'user_is_not_authorized';
      expectCode(await call(t, 'GET', '/api/categories_api', { headers }), status, code);
      expectCode(await form('POST', '/api/create_category_api', named('Nope'), headers), status, code);
      expectCode(await form('POST', `/api/update_category_api/${id}`, named('Nope'), headers), status, code);
      expectCode(await del(`/api/delete_category_api/${id}`, headers), status, code);
      expectCode(await form('POST', `/api/create_subcategory_api/${id}`, named('Nope'), headers), status, code);
      expectCode(await form('POST', `/api/update_subcategory_api/${id}/1`, named('Nope'), headers), status, code);
      expectCode(await del(`/api/delete_subcategory_api/${id}/1`, headers), status, code);
    }
    expect(await t.db.db.select().from(categories).where(eq(categories.id, id))).toEqual(before);
  });

  it('only the manager who created a category may rename or delete it or change its subcategories; every manager sees it', async () => {
    const other = await newUser(t, 'manager');
    const mine = await createCategory(unique('Owned'));
    const sub = subcategoryResponse.parse((await form('POST', `/api/create_subcategory_api/${mine.id}`, named('Owned sub'))).json()).subcategory;
    const refused = (res: Awaited<ReturnType<typeof del>>) => expectCode(res, 403, 'category_not_yours');
    refused(await form('POST', `/api/update_category_api/${mine.id}`, named('Taken over'), other.headers));
    refused(await del(`/api/delete_category_api/${mine.id}`, other.headers));
    refused(await form('POST', `/api/create_subcategory_api/${mine.id}`, named('Sneaked in'), other.headers));
    refused(await form('POST', `/api/update_subcategory_api/${mine.id}/${sub.id}`, named('Renamed'), other.headers));
    refused(await del(`/api/delete_subcategory_api/${mine.id}/${sub.id}`, other.headers));
    // Unchanged, and still every manager's to use: the other manager lists it with its subcategory, as not theirs.
    const seen = categoriesResponse.parse((await call(t, 'GET', '/api/categories_api', { headers: other.headers })).json());
    expect(seen.categories).toContainEqual({ id: mine.id, name: mine.name, subcategories: [{ id: sub.id, name: 'Owned sub' }], mine: false });
    // The other manager's own category is theirs to change, and not the first manager's.
    const theirs = await createCategoryAs(other.headers, unique('Theirs'));
    expect((await form('POST', `/api/update_category_api/${theirs.id}`, named(`${theirs.name} renamed`), other.headers)).statusCode).toBe(200);
    refused(await del(`/api/delete_category_api/${theirs.id}`));
    expect((await del(`/api/delete_category_api/${theirs.id}`, other.headers)).statusCode).toBe(200);
    // The owner still may.
    expect((await form('POST', `/api/update_category_api/${mine.id}`, named(`${mine.name} renamed`))).statusCode).toBe(200);
    expect((await del(`/api/delete_category_api/${mine.id}`, manager.headers)).statusCode).toBe(200);
  });

  it('a platform category (no owner: seeded or from before owners) is changed by no manager, and used by all', async () => {
    const [row] = await t.db.db.insert(categories).values({ name: unique('Platform') }).returning({ id: categories.id });
    const id = (row as { id: number }).id;
    expectCode(await form('POST', `/api/update_category_api/${id}`, named('Partner brand')), 403, 'category_not_yours');
    expectCode(await del(`/api/delete_category_api/${id}`, manager.headers), 403, 'category_not_yours');
    const list = categoriesResponse.parse((await call(t, 'GET', '/api/categories_api', { headers: manager.headers })).json());
    expect(list.categories.find((c) => c.id === id)).toMatchObject({ id, mine: false });
  });

  it('"Name is required": an empty name, spaces or no name; too long; taken; bad JSON', async () => {
    const { id } = await createCategory(unique('Named'));
    expectCode(await form('POST', '/api/create_category_api', named('')), 400, 'category_name_required');
    expectCode(await form('POST', '/api/create_category_api', named('    ')), 400, 'category_name_required');
    expectCode(await form('POST', '/api/create_category_api', '{}'), 400, 'category_name_required');
    expectCode(await form('POST', `/api/update_category_api/${id}`, named(' ')), 400, 'category_name_required');
    expectCode(await form('POST', `/api/create_subcategory_api/${id}`, named('')), 400, 'category_name_required');
    expectCode(await form('POST', '/api/create_category_api', named('x'.repeat(101))), 400, 'category_name_too_long');
    expectCode(await form('POST', '/api/create_category_api', '{"name":'), 400, 'bad_request');
    expectCode(await form('POST', '/api/create_category_api', '[1]'), 400, 'bad_request');
    expectCode(await call(t, 'POST', '/api/create_category_api', { headers: manager.headers, payload: {} }), 400, 'bad_request');
    const taken = await createCategory(unique('Taken'));
    expectCode(await form('POST', '/api/create_category_api', named(taken.name)), 409, 'category_name_taken');
    expectCode(await form('POST', `/api/update_category_api/${id}`, named(taken.name)), 409, 'category_name_taken');
    await form('POST', `/api/create_subcategory_api/${id}`, named('Twice'));
    expectCode(await form('POST', `/api/create_subcategory_api/${id}`, named('Twice')), 409, 'category_name_taken');
    // The same subcategory name under another category is fine.
    expect((await form('POST', `/api/create_subcategory_api/${taken.id}`, named('Twice'))).statusCode).toBe(200);
  });

  it('unknown ids are 404, malformed ones 400; a subcategory is addressed only under its own category', async () => {
    const a = await createCategory(unique('A'));
    const b = await createCategory(unique('B'));
    const sub = subcategoryResponse.parse((await form('POST', `/api/create_subcategory_api/${a.id}`, named('Only A'))).json()).subcategory;
    expectCode(await form('POST', '/api/update_category_api/999999', named('X')), 404, 'not_found');
    expectCode(await del('/api/delete_category_api/999999', manager.headers), 404, 'not_found');
    expectCode(await form('POST', '/api/create_subcategory_api/999999', named('X')), 404, 'not_found');
    expectCode(await form('POST', `/api/update_subcategory_api/${b.id}/${sub.id}`, named('Moved')), 404, 'not_found');
    expectCode(await del(`/api/delete_subcategory_api/${b.id}/${sub.id}`, manager.headers), 404, 'not_found');
    expectCode(await del('/api/delete_category_api/abc', manager.headers), 400, 'bad_request');
    const list = categoriesResponse.parse((await call(t, 'GET', '/api/categories_api', { headers: manager.headers })).json());
    expect(list.categories.find((c) => c.id === a.id)?.subcategories).toEqual([{ id: sub.id, name: 'Only A' }]);
  });

  it('deleting a category that attractions use detaches it from them; the trips show it at once', async () => {
    const c = await createCategory(unique('Used'));
    const sub = subcategoryResponse.parse((await form('POST', `/api/create_subcategory_api/${c.id}`, named('Used sub'))).json()).subcategory;
    const trip = await makeTrip(t, { authorId: manager.id, days: 1, perDay: [['Tagged', 'Sub only']] });
    const tagged = trip.ids.get('Tagged') as number;
    const subOnly = trip.ids.get('Sub only') as number;
    await t.db.db.update(attractions).set({ categoryId: c.id, subcategoryId: sub.id }).where(eq(attractions.id, tagged));
    await t.db.db.update(attractions).set({ categoryId: c.id, subcategoryId: sub.id }).where(eq(attractions.id, subOnly));
    // Deleting the subcategory keeps the category.
    t.app.rides.invalidateTrip(trip.rideId);
    const subGone = await del(`/api/delete_subcategory_api/${c.id}/${sub.id}`, manager.headers);
    expect(subGone.json()).toEqual({ ServerMassageCode: 'success', detachedAttractions: 2 });
    const [afterSub] = await t.db.db.select().from(attractions).where(eq(attractions.id, subOnly));
    expect(afterSub).toMatchObject({ categoryId: c.id, subcategoryId: null });
    expect((await readTrip(t, trip.rideId)).attractionsByDay[0]?.daily_attractions[0]).toMatchObject({ category_id: c.id, subcategory_id: null });
    const gone = await del(`/api/delete_category_api/${c.id}`, manager.headers);
    expect(gone.json()).toEqual({ ServerMassageCode: 'success', detachedAttractions: 2 });
    const rows = await t.db.db.select().from(attractions).where(eq(attractions.id, tagged));
    expect(rows[0]).toMatchObject({ title: 'Tagged', categoryId: null, subcategoryId: null });
    expect((await readTrip(t, trip.rideId)).attractionsByDay[0]?.daily_attractions[0]).toMatchObject({ category_id: null });
  });
});
